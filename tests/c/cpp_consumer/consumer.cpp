// A C++ consumer of the installed omnir: RAII over the C API, exceptions for errors, a walk
// with a lambda. Built by CMake through find_package(omnir) and run by ctest.
#include <omnir/omnir.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Error : std::runtime_error {
    omnir_status status;
    Error(omnir_status st, const std::string &what) : std::runtime_error(what), status(st) {}
};

std::string take(omnir_string s) {
    std::string out(s.data ? s.data : "", s.len);
    omnir_string_free(s);
    return out;
}

void check(omnir_status st) {
    if (st != OMNIR_OK) throw Error(st, take(omnir_last_error_message()));
}


class Context {
  public:
    Context() { check(omnir_context_create(&ctx_)); }
    ~Context() { omnir_context_destroy(ctx_); }
    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;
    omnir_context *get() const { return ctx_; }

  private:
    omnir_context *ctx_ = nullptr;
};

// A detached module owned by this object: erased when it goes out of scope.
class Module {
  public:
    Module(Context &ctx, std::string_view text, std::string_view file) : ctx_(ctx) {
        check(omnir_module_parse(ctx.get(), text.data(), text.size(), file.data(), file.size(), &op_));
    }
    ~Module() { omnir_op_erase(ctx_.get(), op_, OMNIR_ERASE_REQUIRE_NO_USES); }
    Module(const Module &) = delete;
    Module &operator=(const Module &) = delete;
    omnir_op op() const { return op_; }
    std::string str(bool generic = false) const {
        omnir_print_flags flags = omnir_print_flags_default();
        flags.generic_form = generic;
        omnir_string s{};
        check(omnir_op_print(ctx_.get(), op_, &flags, &s));
        return take(s);
    }
    void walk(const std::function<void(omnir_op)> &fn) const {
        auto trampoline = [](void *ud, omnir_op op) -> omnir_walk_result {
            (*static_cast<const std::function<void(omnir_op)> *>(ud))(op);
            return OMNIR_WALK_ADVANCE;
        };
        check(omnir_op_walk(ctx_.get(), op_, OMNIR_WALK_PRE_ORDER, trampoline,
                            const_cast<std::function<void(omnir_op)> *>(&fn), nullptr));
    }

  private:
    Context &ctx_;
    omnir_op op_{};
};

int passed = 0, failed = 0;
void expect(bool ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "FAIL %s\n", what);
    }
}

}  // namespace

int main() {
    try {
        expect(omnir_abi_version() == OMNIR_ABI_VERSION, "ABI version matches the header");
        Context ctx;
        check(omnir_context_set_allow_unregistered_dialects(ctx.get(), true));
        const std::string text =
            "\"builtin.module\"() ({\n"
            "  %0 = \"cpp.constant\"() {value = 1 : i32} : () -> i32\n"
            "  \"cpp.print\"(%0) : (i32) -> ()\n"
            "}) : () -> ()\n";
        {
            Module m(ctx, text, "cpp.mlir");
            expect(m.str(true) == text, "print(parse(text)) == text, in the generic form");
            expect(m.str() ==
                       "module {\n"
                       "  %0 = \"cpp.constant\"() {value = 1 : i32} : () -> i32\n"
                       "  \"cpp.print\"(%0) : (i32) -> ()\n"
                       "}\n",
                   "the default form is upstream's: module { ... }");
            std::vector<std::string> names;
            m.walk([&](omnir_op op) {
                omnir_string s{};
                check(omnir_op_get_name(ctx.get(), op, &s));
                names.push_back(take(s));
            });
            expect(names.size() == 3 && names[1] == "cpp.constant", "walk with a C++ lambda");
            check(omnir_op_verify(ctx.get(), m.op()));
            expect(true, "verify");
        }
        try {
            Module bad(ctx, "\"cpp.broken\"(", "bad.mlir");
            expect(false, "a parse error throws");
        } catch (const Error &e) {
            expect(e.status == OMNIR_ERROR_PARSE_FAILED && std::strstr(e.what(), "bad.mlir") != nullptr,
                   "a parse error throws with the rendered message");
        }
        omnir_type t{};
        check(omnir_type_parse(ctx.get(), "memref<4x?xf32>", 15, &t));
        omnir_string s{};
        check(omnir_type_print(ctx.get(), t, &s));
        expect(take(s) == "memref<4x?xf32>", "types round-trip");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "unexpected exception: %s\n", e.what());
        failed++;
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
