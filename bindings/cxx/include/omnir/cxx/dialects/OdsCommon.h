// What the generated dialect headers (omnir/cxx/dialects/<d>.h, from omnir-gen) share: operand
// and result groups as the core lays them out, and attributes built from plain C++ values.
// Written once by hand; the op classes themselves are generated.
#ifndef OMNIR_CXX_DIALECTS_ODS_COMMON_H
#define OMNIR_CXX_DIALECTS_ODS_COMMON_H

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "omnir/cxx/IR.h"

namespace omnir {
namespace ods {

/// Where group `group` lies among the operands (operandSegmentSizes, SameVariadicOperandSize
/// and the rest are the core's to read, not the header's).
inline omnir_index_range operandGroup(const Operation &op, size_t group) {
  omnir_index_range r{};
  check(omnir_op_get_operand_group(op.getContext(), op, group, &r));
  return r;
}
inline omnir_index_range resultGroup(const Operation &op, size_t group) {
  omnir_index_range r{};
  check(omnir_op_get_result_group(op.getContext(), op, group, &r));
  return r;
}

namespace detail {
/// The values at `range` (`at(i)` gives value `i`); the first, or null when it is empty.
template <typename At>
std::vector<Value> valuesIn(omnir_index_range range, At at) {
  std::vector<Value> out;
  for (size_t i = 0; i < range.len; ++i)
    out.push_back(at(static_cast<unsigned>(range.start + i)));
  return out;
}
template <typename At>
Value firstIn(omnir_index_range range, At at) {
  return range.len ? at(static_cast<unsigned>(range.start)) : Value();
}
} // namespace detail

/// A single or optional group: its value, or a null Value when an optional one is absent.
inline Value operand(const Operation &op, size_t group) {
  return detail::firstIn(operandGroup(op, group), [&](unsigned i) { return op.getOperand(i); });
}
inline std::vector<Value> operands(const Operation &op, size_t group) {
  return detail::valuesIn(operandGroup(op, group), [&](unsigned i) { return op.getOperand(i); });
}
inline Value result(const Operation &op, size_t group) {
  return detail::firstIn(resultGroup(op, group), [&](unsigned i) { return op.getResult(i); });
}
inline std::vector<Value> results(const Operation &op, size_t group) {
  return detail::valuesIn(resultGroup(op, group), [&](unsigned i) { return op.getResult(i); });
}
inline std::vector<Region> regionsFrom(const Operation &op, unsigned first) {
  std::vector<Region> out;
  for (unsigned i = first, e = op.getNumRegions(); i < e; ++i)
    out.push_back(op.getRegion(i));
  return out;
}
inline std::vector<Block> successorsFrom(const Operation &op, unsigned first) {
  std::vector<Block> out;
  for (unsigned i = first, e = op.getNumSuccessors(); i < e; ++i)
    out.push_back(op.getSuccessor(i));
  return out;
}

/// `array<i32: ...>` of the group sizes (operandSegmentSizes / resultSegmentSizes).
inline Attribute segmentSizes(Context ctx, const std::vector<int32_t> &sizes) {
  std::vector<uint8_t> bytes;
  for (int32_t s : sizes)
    for (int k = 0; k < 4; ++k)
      bytes.push_back(static_cast<uint8_t>(static_cast<uint32_t>(s) >> (8 * k)));
  omnir_attribute a{};
  check(omnir_dense_array_attr_get(ctx, IntegerType::get(ctx, 32), bytes.data(), bytes.size(), &a));
  return Attribute(ctx, a);
}

/// `array<iW: ...>` (W = `width`: 8, 16, 32 or 64) from integers, little-endian.
inline Attribute denseArray(Context ctx, unsigned width, const std::vector<int64_t> &values) {
  std::vector<uint8_t> bytes;
  for (int64_t v : values)
    for (unsigned k = 0; k < width / 8; ++k)
      bytes.push_back(static_cast<uint8_t>(static_cast<uint64_t>(v) >> (8 * k)));
  omnir_attribute a{};
  check(omnir_dense_array_attr_get(ctx, IntegerType::get(ctx, width), bytes.data(), bytes.size(), &a));
  return Attribute(ctx, a);
}
/// `array<i1: ...>` from booleans.
inline Attribute denseArray(Context ctx, const std::vector<bool> &values) {
  std::vector<uint8_t> bytes(values.begin(), values.end());
  omnir_attribute a{};
  check(omnir_dense_array_attr_get(ctx, IntegerType::get(ctx, 1), bytes.data(), bytes.size(), &a));
  return Attribute(ctx, a);
}
/// An integer attribute of the type spelled `typeText` (`i64`, `index`).
inline IntegerAttr intAttr(Context ctx, std::string_view typeText, int64_t value) {
  return IntegerAttr::get(parseType(typeText, ctx), value);
}
/// A case of an integer enum, stored as a signless integer of the enum's width.
inline IntegerAttr enumAttr(Context ctx, unsigned width, uint64_t value) {
  return IntegerAttr::get(IntegerType::get(ctx, width), static_cast<int64_t>(value));
}
/// `#dialect.kind<spelling>` (`#arith.fastmath<fast>`) from its case words.
inline Attribute dialectAttr(Context ctx, std::string_view qualified, std::string_view spelling) {
  std::string text = "#";
  text.append(qualified).append("<").append(spelling).append(">");
  return parseAttribute(text, ctx);
}

/// The type `!qualified<params>` of a registered kind (a shipped dialect's kind loads its
/// dialect); throws omnir::Error when the parameters break the definition's constraints.
inline Type dialectType(Context ctx, const char *qualified, const std::vector<Attribute> &params) {
  uint32_t def = 0;
  check(omnir_dialect_lookup_type(ctx, qualified, std::strlen(qualified), &def));
  std::vector<omnir_attribute> raw;
  for (const Attribute &a : params)
    raw.push_back(a.getHandle());
  omnir_type t{};
  check(omnir_dialect_type_get(ctx, def, raw.data(), raw.size(), &t));
  return Type(ctx, t);
}
/// The attribute `#qualified<params>` of a registered kind (`qualified` without `#`).
inline Attribute dialectAttr(Context ctx, const char *qualified, const std::vector<Attribute> &params) {
  uint32_t def = 0;
  check(omnir_dialect_lookup_attribute(ctx, qualified, std::strlen(qualified), &def));
  std::vector<omnir_attribute> raw;
  for (const Attribute &a : params)
    raw.push_back(a.getHandle());
  omnir_attribute out{};
  check(omnir_dialect_attr_get(ctx, def, raw.data(), raw.size(), &out));
  return Attribute(ctx, out);
}
/// Parameter `index` of a dialect type.
inline Attribute typeParam(const Type &t, size_t index) {
  omnir_attribute a{};
  check(omnir_dialect_type_get_param(t.getContext(), t.getHandle(), index, &a));
  return Attribute(t.getContext(), a);
}
/// Parameter `index` of a dialect attribute.
inline Attribute attrParam(const Attribute &attr, size_t index) {
  omnir_attribute a{};
  check(omnir_dialect_attr_get_param(attr.getContext(), attr.getHandle(), index, &a));
  return Attribute(attr.getContext(), a);
}

/// An attribute of a dialect's own kind, given as the attribute or by its case words
/// (`"nsw"` for `#arith.overflow<nsw>`): what generated builders take for one.
class CaseAttr {
public:
  CaseAttr() = default;
  CaseAttr(Attribute attr) : attr_(attr) {}                                // NOLINT
  CaseAttr(const char *words) : words_(words), hasWords_(true) {}           // NOLINT
  CaseAttr(std::string_view words) : words_(words), hasWords_(true) {}      // NOLINT
  explicit operator bool() const { return hasWords_ || static_cast<bool>(attr_); }
  Attribute get(Context ctx, std::string_view qualified) const {
    return hasWords_ ? dialectAttr(ctx, qualified, words_) : attr_;
  }

private:
  Attribute attr_;
  std::string words_;
  bool hasWords_ = false;
};

} // namespace ods
} // namespace omnir

#endif // OMNIR_CXX_DIALECTS_ODS_COMMON_H
