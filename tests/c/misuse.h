/* The misuse matrix: misuse_generated.c (generated from the header by tools/gen-header)
 * calls every function with one bad argument at a time; the fixture here provides the other
 * arguments and checks the outcome. */
#ifndef OMNIR_TEST_MISUSE_H
#define OMNIR_TEST_MISUSE_H

#include "harness.h"

typedef struct misuse_fixture {
    omnir_context *ctx, *ctx2;
    /* live handles in ctx (inside the fixture module) */
    omnir_op module, op;
    omnir_block block;
    omnir_region region;
    omnir_value value;
    omnir_type type;
    omnir_attribute attribute;
    omnir_location location;
    /* erased IR (stale handles) and forged type/attribute/location handles */
    omnir_op stale_op;
    omnir_block stale_block;
    omnir_region stale_region;
    omnir_value stale_value;
    omnir_type stale_type;
    omnir_attribute stale_attribute;
    omnir_location stale_location;
    /* handles suited to particular functions (see misuse_type/misuse_attribute) */
#define MISUSE_TYPED 24
    omnir_type types[2][MISUSE_TYPED];
    omnir_attribute attrs[2][MISUSE_TYPED];
    omnir_location locs[2][4];
    omnir_op funcs[2];
    omnir_block succ_blocks[2];
    omnir_op branches[2];                /* test.br: an op with a successor */
    omnir_op returns[2];                 /* test.return: implements interface 0 (attached) */
    omnir_op casts[2];                   /* builtin.unrealized_conversion_cast: registered */
    omnir_block module_blocks[2];        /* the module's body */
    omnir_type dialect_types[2];         /* !mx.t<1 : i32>, a dialect type with one parameter */
    omnir_attribute dialect_attrs[2];    /* #mx.a<1 : i32>, a dialect attribute likewise */
    omnir_insertion_point point;         /* the end of the module's body */
    omnir_symbol_target target;          /* the symbol @f */
    omnir_print_flags flags;
    /* the same IR in ctx2 */
    omnir_op module2, other_op;
    omnir_block other_block;
    omnir_region other_region;
    omnir_value other_value;
    omnir_type other_type;
    omnir_attribute other_attribute;
    omnir_location other_location;
    /* an identifier of each context, and a forged one (the right serial, an unknown id) */
    omnir_identifier identifier, other_identifier, stale_identifier;
    /* live opaque objects */
    omnir_operation_state *state;
    omnir_symbol_table *symbol_table;
    omnir_pass_manager *pass_manager;
    omnir_diagnostic_list *diagnostic_list;
    const omnir_diagnostic *diagnostic;
    /* the IR as printed at setup, compared after every call */
    char *baseline, *baseline2;
    /* the case being run */
    const char *fn, *param, *dim;
    /* tallies */
    size_t cases, precise, other_error, accepted, failures, skipped, not_applicable;
    /* of `precise`, the cases whose expected code is not the dimension's usual one (the
     * EXPECTED table of misuse_fixture.c) */
    size_t specific;
    /* the hand-written repeats of masked cases (misuse_fixture.c), run after the generated */
    bool hand_written;
    size_t hand_cases;
} misuse_fixture;

/* Whether to run the case (false: skipped by name); resets the scratch buffer. */
bool misuse_begin(misuse_fixture *fx, const char *fn, const char *param, const char *dim);
/* Checks a status-returning call: an error with a message, the IR unchanged. */
void misuse_end_status(misuse_fixture *fx, omnir_status st);
/* For functions that return no status (predicates, free functions): the IR unchanged. */
void misuse_end_other(misuse_fixture *fx);
/* Zeroed, aligned memory for out-parameters and input structs, one slot per parameter. */
void *misuse_scratch(int param);
/* Releases what a successful call wrote to an out-parameter of C type `type`. */
void misuse_release(const char *type, void *slot);
/* A live object of an opaque type for pointer parameters (scratch if unknown). */
void *misuse_object(misuse_fixture *fx, const char *type_name);

/* A handle of each kind that suits function `fn` (an array attribute for
 * omnir_array_attr_*, a function type for omnir_function_type_*...), from ctx, or from ctx2
 * when `other`. */
omnir_op misuse_op(misuse_fixture *fx, const char *fn, bool other);
omnir_block misuse_block(misuse_fixture *fx, const char *fn, bool other);
omnir_region misuse_region(misuse_fixture *fx, const char *fn, bool other);
omnir_value misuse_value(misuse_fixture *fx, const char *fn, bool other);
omnir_type misuse_type(misuse_fixture *fx, const char *fn, bool other);
omnir_attribute misuse_attribute(misuse_fixture *fx, const char *fn, bool other);
omnir_location misuse_location(misuse_fixture *fx, const char *fn, bool other);
omnir_identifier misuse_identifier(misuse_fixture *fx, const char *fn, bool other);
/* For the wrong_kind dimension: whether the fixture knows what kind of `handle` ("type",
 * "attribute", "location", "op") parameter `param` of `fn` expects, and a handle of
 * another kind. */
bool misuse_applies(misuse_fixture *fx, bool applies); /* counts the cases that do not */
bool misuse_wrong_kind_applies(const char *fn, const char *param, const char *handle);
omnir_op misuse_wrong_op(misuse_fixture *fx, const char *fn);
omnir_type misuse_wrong_type(misuse_fixture *fx, const char *fn);
omnir_attribute misuse_wrong_attribute(misuse_fixture *fx, const char *fn);
omnir_location misuse_wrong_location(misuse_fixture *fx, const char *fn);
/* A callback of the named function-pointer type, or NULL. */
void *misuse_callback(misuse_fixture *fx, const char *type_name);

void misuse_run_generated(misuse_fixture *fx);
extern const size_t misuse_generated_case_count;
extern const size_t misuse_generated_function_count;
extern const size_t misuse_generated_covered_count; /* functions with at least one case */

#endif
