/* What the generated dialect headers (omnir/dialects/<d>.h, from omnir-gen) share: group
 * sizes as the `array<i32: ...>` AttrSized* ops carry, the value of a single or optional
 * group, and a name check. Written once by hand; the per-op functions are generated. */
#ifndef OMNIR_DIALECTS_ODS_COMMON_H
#define OMNIR_DIALECTS_ODS_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <omnir/omnir.h>

/* Whether a type handle is zeroed (an absent optional result). */
static inline bool omnir_ods_type_is_null(struct omnir_type t) { return t.context == 0; }

/* Adds `name` = `array<i32: sizes...>` (operandSegmentSizes / resultSegmentSizes). */
static inline enum omnir_status omnir_ods_add_segment_sizes(struct omnir_context *ctx,
                                                            struct omnir_operation_state *state,
                                                            const char *name, const int32_t *sizes,
                                                            size_t count) {
  uint8_t *bytes = (uint8_t *)malloc(4 * count + 1);
  struct omnir_type i32;
  struct omnir_attribute attr;
  enum omnir_status st;
  size_t i;
  if (!bytes)
    return OMNIR_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < 4 * count; ++i)
    bytes[i] = (uint8_t)((uint32_t)sizes[i / 4] >> (8 * (i % 4)));
  st = omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32);
  if (st == OMNIR_OK)
    st = omnir_dense_array_attr_get(ctx, i32, bytes, 4 * count, &attr);
  if (st == OMNIR_OK)
    st = omnir_operation_state_add_attribute(state, name, strlen(name), attr);
  free(bytes);
  return st;
}

/* The value of operand group `group` (result group when `of_results`): a zeroed value when
 * an optional group is empty. */
static inline enum omnir_status omnir_ods_value_of_group(const struct omnir_context *ctx, struct omnir_op op,
                                                         size_t group, bool of_results, struct omnir_value *out) {
  struct omnir_index_range range;
  enum omnir_status st = of_results ? omnir_op_get_result_group(ctx, op, group, &range)
                                    : omnir_op_get_operand_group(ctx, op, group, &range);
  if (st != OMNIR_OK)
    return st;
  if (range.len == 0 && out) {
    memset(out, 0, sizeof *out);
    return OMNIR_OK;
  }
  /* (An empty group with a NULL `out` gets the core's error for the NULL.) */
  return of_results ? omnir_op_get_result(ctx, op, range.start, out)
                    : omnir_op_get_operand(ctx, op, range.start, out);
}

/* Whether `op` is named `name` (false for a stale handle). */
static inline bool omnir_ods_op_is(const struct omnir_context *ctx, struct omnir_op op, const char *name) {
  struct omnir_string s;
  bool same;
  if (omnir_op_get_name(ctx, op, &s) != OMNIR_OK)
    return false;
  same = s.len == strlen(name) && memcmp(s.data, name, s.len) == 0;
  omnir_string_free(s);
  return same;
}

/* The type `!qualified<params>` of a registered kind (a shipped dialect's kind loads it). */
static inline enum omnir_status omnir_ods_dialect_type_get(struct omnir_context *ctx, const char *qualified,
                                                           const struct omnir_attribute *params, size_t num_params,
                                                           struct omnir_type *out) {
  uint32_t def;
  enum omnir_status st = omnir_dialect_lookup_type(ctx, qualified, strlen(qualified), &def);
  return st == OMNIR_OK ? omnir_dialect_type_get(ctx, def, params, num_params, out) : st;
}

/* The attribute `#qualified<params>` of a registered kind (`qualified` without `#`). */
static inline enum omnir_status omnir_ods_dialect_attr_get(struct omnir_context *ctx, const char *qualified,
                                                           const struct omnir_attribute *params, size_t num_params,
                                                           struct omnir_attribute *out) {
  uint32_t def;
  enum omnir_status st = omnir_dialect_lookup_attribute(ctx, qualified, strlen(qualified), &def);
  return st == OMNIR_OK ? omnir_dialect_attr_get(ctx, def, params, num_params, out) : st;
}

/* Whether `t` is of the kind whose TypeID is named `type_id_name` (`pixels.rgb`). */
static inline bool omnir_ods_type_is(const struct omnir_context *ctx, struct omnir_type t, const char *type_id_name) {
  uint32_t want, have;
  return omnir_typeid_get(type_id_name, strlen(type_id_name), &want) == OMNIR_OK &&
         omnir_type_get_type_id(ctx, t, &have) == OMNIR_OK && want == have;
}

/* Whether `a` is of the kind whose TypeID is named `type_id_name` (`#pixels.channel`). */
static inline bool omnir_ods_attr_is(const struct omnir_context *ctx, struct omnir_attribute a,
                                     const char *type_id_name) {
  uint32_t want, have;
  return omnir_typeid_get(type_id_name, strlen(type_id_name), &want) == OMNIR_OK &&
         omnir_attribute_get_type_id(ctx, a, &have) == OMNIR_OK && want == have;
}

#endif /* OMNIR_DIALECTS_ODS_COMMON_H */
