/* Locations: every kind, accessors, printing, conversions to and from attributes. */
#include "harness.h"

static const char *loc_str(omnir_context *ctx, omnir_location l) {
    omnir_string s = {0};
    if (omnir_location_print(ctx, l, &s) != OMNIR_OK) return "<print failed>";
    return take(s);
}

static void location_kinds(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    omnir_location unknown, flc, range, name, callsite, fused;
    CHECK_OK(omnir_unknown_loc_get(ctx, &unknown));
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("a.mlir"), 3, 4, &flc));
    CHECK_OK(omnir_file_line_col_range_loc_get(ctx, S("b.mlir"), 1, 2, 1, 9, &range));
    CHECK_OK(omnir_name_loc_get(ctx, S("x"), flc, &name));
    CHECK_OK(omnir_call_site_loc_get(ctx, name, range, &callsite));
    omnir_location parts[2] = {flc, range};
    CHECK_OK(omnir_fused_loc_get(ctx, parts, 2, (omnir_attribute){0}, &fused));

    CHECK(!strcmp(loc_str(ctx, unknown), "loc(unknown)"));
    CHECK(!strcmp(loc_str(ctx, flc), "loc(\"a.mlir\":3:4)"));
    CHECK(!strcmp(loc_str(ctx, range), "loc(\"b.mlir\":1:2 to :9)"));
    CHECK(!strcmp(loc_str(ctx, name), "loc(\"x\"(\"a.mlir\":3:4))"));
    CHECK(!strcmp(loc_str(ctx, callsite), "loc(callsite(\"x\"(\"a.mlir\":3:4) at \"b.mlir\":1:2 to :9))"));
    CHECK(!strcmp(loc_str(ctx, fused), "loc(fused[\"a.mlir\":3:4, \"b.mlir\":1:2 to :9])"));

    omnir_location_kind k;
    CHECK_OK(omnir_location_get_kind(ctx, unknown, &k));
    CHECK(k == OMNIR_LOCATION_KIND_UNKNOWN);
    CHECK_OK(omnir_location_get_kind(ctx, fused, &k));
    CHECK(k == OMNIR_LOCATION_KIND_FUSED);
    CHECK_STR_OUT("a.mlir", omnir_file_line_col_loc_get_file, ctx, flc);
    uint32_t l0, c0, l1, c1;
    CHECK_OK(omnir_file_line_col_loc_get_range(ctx, range, &l0, &c0, &l1, &c1));
    CHECK(l0 == 1 && c0 == 2 && l1 == 1 && c1 == 9);
    CHECK_STR_OUT("x", omnir_name_loc_get_name, ctx, name);
    omnir_location child, callee, caller, part;
    CHECK_OK(omnir_name_loc_get_child(ctx, name, &child));
    CHECK(child.id == flc.id);
    CHECK_OK(omnir_call_site_loc_get_callee(ctx, callsite, &callee));
    CHECK_OK(omnir_call_site_loc_get_caller(ctx, callsite, &caller));
    CHECK(callee.id == name.id && caller.id == range.id);
    size_t n;
    CHECK_OK(omnir_fused_loc_get_num_locations(ctx, fused, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_fused_loc_get_location(ctx, fused, 1, &part));
    CHECK(part.id == range.id);
    CHECK_STATUS(omnir_fused_loc_get_location(ctx, fused, 2, &part), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(omnir_name_loc_get_name(ctx, flc, &(omnir_string){0}), OMNIR_ERROR_INVALID_ARGUMENT);

    /* locations are attributes, but not every attribute is a location */
    omnir_attribute as_attr, unit;
    omnir_location back;
    CHECK_OK(omnir_location_to_attribute(ctx, flc, &as_attr));
    CHECK_OK(omnir_attribute_to_location(ctx, as_attr, &back));
    CHECK(back.id == flc.id);
    CHECK_OK(omnir_unit_attr_get(ctx, &unit));
    CHECK_STATUS(omnir_attribute_to_location(ctx, unit, &back), OMNIR_ERROR_INVALID_ARGUMENT);
    omnir_location forged = {flc.context, unit.id};
    CHECK_STATUS(omnir_location_print(ctx, forged, &(omnir_string){0}), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_locations(void) { RUN(location_kinds); }
