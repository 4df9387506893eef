// A tiny test harness for the C++ tests: TEST(name) { ... } with EXPECT / EXPECT_THROW_STATUS;
// main runs every test (or those whose name contains argv[1]) and prints `N passed, M failed`.
#ifndef OMNIR_CXX_TEST_HARNESS_HPP
#define OMNIR_CXX_TEST_HARNESS_HPP

#include <omnir/cxx/Support.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace harness {
struct Test {
  const char *name;
  std::function<void()> fn;
};
inline std::vector<Test> &tests() {
  static std::vector<Test> t;
  return t;
}
inline int &checks() {
  static int n = 0;
  return n;
}
inline int &failures() {
  static int n = 0;
  return n;
}
struct Register {
  Register(const char *name, std::function<void()> fn) { tests().push_back({name, std::move(fn)}); }
};
inline void fail(const char *file, int line, const std::string &what) {
  ++failures();
  std::fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what.c_str());
}
inline int run(int argc, char **argv) {
  int passed = 0, failed = 0;
  for (auto &t : tests()) {
    if (argc > 1 && !std::strstr(t.name, argv[1]))
      continue;
    int before = failures();
    try {
      t.fn();
    } catch (const std::exception &e) {
      fail(t.name, 0, std::string("unexpected exception: ") + e.what());
    }
    if (failures() == before) {
      ++passed;
    } else {
      ++failed;
      std::fprintf(stderr, "  in test %s\n", t.name);
    }
  }
  std::printf("%d checks; %d passed, %d failed\n", checks(), passed, failed);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
} // namespace harness

#define TEST(name)                                                                                                     \
  static void test_##name();                                                                                           \
  static harness::Register register_##name(#name, test_##name);                                                        \
  static void test_##name()

#define EXPECT(cond)                                                                                                   \
  do {                                                                                                                 \
    ++harness::checks();                                                                                               \
    if (!(cond))                                                                                                       \
      harness::fail(__FILE__, __LINE__, #cond);                                                                        \
  } while (0)

#define EXPECT_EQ(a, b)                                                                                                \
  do {                                                                                                                 \
    ++harness::checks();                                                                                               \
    auto va_ = (a);                                                                                                    \
    auto vb_ = (b);                                                                                                    \
    if (!(va_ == vb_)) {                                                                                               \
      std::ostringstream os_;                                                                                          \
      os_ << #a << " == " << #b << "\n    left:  " << va_ << "\n    right: " << vb_;                                   \
      harness::fail(__FILE__, __LINE__, os_.str());                                                                    \
    }                                                                                                                  \
  } while (0)

/// Runs `stmt`, expecting an omnir::Error with `status`; `err` names the caught error in `then`.
#define EXPECT_ERROR(stmt, expectedStatus, err, then)                                                                  \
  do {                                                                                                                 \
    ++harness::checks();                                                                                               \
    bool thrown_ = false;                                                                                              \
    try {                                                                                                              \
      stmt;                                                                                                            \
    } catch (const omnir::Error &err) {                                                                                \
      thrown_ = true;                                                                                                  \
      if (err.status() != (expectedStatus))                                                                            \
        harness::fail(__FILE__, __LINE__, std::string("wrong status: ") + err.what());                                 \
      then;                                                                                                            \
    }                                                                                                                  \
    if (!thrown_)                                                                                                      \
      harness::fail(__FILE__, __LINE__, "no omnir::Error from " #stmt);                                                \
  } while (0)

#define EXPECT_CONTAINS(haystack, needle)                                                                              \
  do {                                                                                                                 \
    ++harness::checks();                                                                                               \
    std::string h_ = (haystack);                                                                                       \
    if (h_.find(needle) == std::string::npos)                                                                          \
      harness::fail(__FILE__, __LINE__, std::string("'") + h_ + "' does not contain '" + (needle) + "'");              \
  } while (0)

#endif
