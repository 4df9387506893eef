// Dialect registration: C++ definitions become omnir's C definitions, and the C callbacks
// omnir calls (verifiers, custom parsers and printers, constraint predicates) come back here,
// where C++ exceptions stop: a callback reports failure with a message instead.
#include "bridge_internal.h"

#include <deque>

namespace omnir {

namespace internal {
thread_local VerifyScope *currentVerify = nullptr;
} // namespace internal

namespace {

void setMessage(omnir_callback_message *message, const std::string &text) {
  internal::setCallbackMessage(message, text);
}

std::string describeException() { return internal::describeCurrentException(); }

//===----------------------------------------------------------------------===//
// Trampolines: C callbacks -> C++ models
//===----------------------------------------------------------------------===//

uint32_t kindVerify(void *userData, omnir_context *ctx, const omnir_attribute *params, size_t n,
                    omnir_callback_message *message) {
  MessageSink sink;
  try {
    auto emit = [&sink]() { return InFlightDiagnostic(&sink, DiagnosticSeverity::Error); };
    if (succeeded(static_cast<const KindModel *>(userData)->verify(Context(ctx), params, n, emit)) &&
        !sink.hasMessage())
      return OMNIR_OK;
  } catch (...) {
    sink.report(DiagnosticSeverity::Error, describeException());
  }
  setMessage(message, sink.hasMessage() ? sink.message() : std::string("invalid parameters"));
  return OMNIR_ERROR_VERIFICATION_FAILED;
}

uint32_t kindParse(void *userData, omnir_context *ctx, const char *text, size_t len, omnir_attribute *params,
                   size_t n, omnir_callback_message *message) {
  std::string error;
  size_t offset = SMLoc::npos;
  try {
    AsmParser parser(Context(ctx), text, len);
    LogicalResult r = static_cast<const KindModel *>(userData)->parse(parser, params, n);
    if (succeeded(r) && !parser.hasError()) {
      if (parser.atEnd())
        return OMNIR_OK;
      parser.emitError(parser.getCurrentLocation(), "unexpected text after the parameters");
    }
    if (parser.hasError()) {
      error = parser.getErrorMessage();
      offset = parser.getErrorOffset();
    } else {
      error = "failed to parse the parameters";
    }
  } catch (...) {
    error = describeException();
  }
  setMessage(message, error);
  if (offset != SMLoc::npos)
    (void)omnir_callback_message_set_offset(message, offset);
  return OMNIR_ERROR_PARSE_FAILED;
}

uint32_t kindPrint(void *userData, omnir_context *ctx, const omnir_attribute *params, size_t n,
                   omnir_string_builder *out, omnir_callback_message *message) {
  std::string error;
  try {
    AsmPrinter printer(Context(ctx), out);
    if (succeeded(static_cast<const KindModel *>(userData)->print(printer, params, n)))
      return OMNIR_OK;
    error = "no custom printer";
  } catch (...) {
    error = describeException();
  }
  setMessage(message, error);
  return OMNIR_ERROR_CALLBACK_FAILED;
}

void freeKindModel(void *userData) { delete static_cast<KindModel *>(userData); }

uint32_t opVerify(void *userData, omnir_context *ctx, omnir_op op, omnir_callback_message *message) {
  MessageSink sink;
  internal::VerifyScope scope{op, &sink, internal::currentVerify};
  internal::currentVerify = &scope;
  bool ok = false;
  try {
    ok = succeeded(static_cast<const OpModel *>(userData)->verify(Operation(Context(ctx), op)));
  } catch (...) {
    sink.report(DiagnosticSeverity::Error, describeException());
  }
  internal::currentVerify = scope.previous;
  if (ok && !sink.hasMessage())
    return OMNIR_OK;
  setMessage(message, sink.hasMessage() ? sink.message() : std::string("failed to verify"));
  return OMNIR_ERROR_VERIFICATION_FAILED;
}

void freeOpModel(void *userData) { delete static_cast<OpModel *>(userData); }

bool typePredicate(void *userData, omnir_context *ctx, omnir_type ty) {
  try {
    return (*static_cast<const std::function<bool(Type)> *>(userData))(Type(Context(ctx), ty));
  } catch (...) {
    return false;
  }
}
void freeTypePredicate(void *userData) { delete static_cast<std::function<bool(Type)> *>(userData); }

bool attrPredicate(void *userData, omnir_context *ctx, omnir_attribute attr) {
  try {
    return (*static_cast<const std::function<bool(Attribute)> *>(userData))(Attribute(Context(ctx), attr));
  } catch (...) {
    return false;
  }
}
void freeAttrPredicate(void *userData) { delete static_cast<std::function<bool(Attribute)> *>(userData); }

/// The C form of constraints, with everything it points to; frees the predicates it
/// allocated unless they were handed to omnir.
struct ConstraintArena {
  std::deque<std::vector<omnir_type_constraint>> oneOfLists;
  std::vector<std::function<bool(Type)> *> typePredicates;
  std::vector<std::function<bool(Attribute)> *> attrPredicates;
  bool handedOver = false;

  ~ConstraintArena() {
    if (handedOver)
      return;
    for (auto *p : typePredicates)
      delete p;
    for (auto *p : attrPredicates)
      delete p;
  }

  omnir_type_constraint convert(const TypeConstraint &c) {
    omnir_type_constraint out{};
    out.kind = c.kind;
    out.width = c.width;
    out.ty = c.type.getHandle();
    out.interface = c.interfaceID;
    out.summary = c.summary.data();
    out.summary_len = c.summary.size();
    if (!c.alternatives.empty()) {
      std::vector<omnir_type_constraint> list;
      for (const auto &alt : c.alternatives)
        list.push_back(convert(alt));
      oneOfLists.push_back(std::move(list));
      out.one_of = oneOfLists.back().data();
      out.num_one_of = oneOfLists.back().size();
    }
    if (c.fn) {
      auto *fn = new std::function<bool(Type)>(*c.fn);
      typePredicates.push_back(fn);
      out.predicate = &typePredicate;
      out.user_data = fn;
      out.free_user_data = &freeTypePredicate;
    }
    return out;
  }

  omnir_attribute_constraint convert(const AttrConstraint &c) {
    omnir_attribute_constraint out{};
    out.kind = c.kind;
    out.ty = c.type_.getHandle();
    out.summary = c.summary.data();
    out.summary_len = c.summary.size();
    if (c.fn) {
      auto *fn = new std::function<bool(Attribute)>(*c.fn);
      attrPredicates.push_back(fn);
      out.predicate = &attrPredicate;
      out.user_data = fn;
      out.free_user_data = &freeAttrPredicate;
    }
    return out;
  }
};

std::vector<omnir_interface_impl> toC(const std::vector<detail::InterfaceRegistration> &interfaces) {
  std::vector<omnir_interface_impl> out;
  for (const auto &i : interfaces)
    out.push_back(omnir_interface_impl{i.interfaceID, i.vtable, i.userData, i.freeUserData});
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Models, interfaces
//===----------------------------------------------------------------------===//

KindModel::~KindModel() = default;
LogicalResult KindModel::verify(Context, const omnir_attribute *, size_t, EmitErrorFn) const { return success(); }
LogicalResult KindModel::parse(AsmParser &parser, omnir_attribute *, size_t) const {
  return parser.emitError(parser.getNameLoc(), "no custom parser");
}
LogicalResult KindModel::print(AsmPrinter &, const omnir_attribute *, size_t) const { return failure(); }

OpModel::~OpModel() = default;
InterfaceConcept::~InterfaceConcept() = default;

void detail::deleteInterfaceConcept(void *userData) { delete static_cast<InterfaceConcept *>(userData); }

void detail::releaseInterfaces(std::vector<InterfaceRegistration> &interfaces) {
  for (auto &i : interfaces)
    if (i.freeUserData && i.userData)
      i.freeUserData(i.userData);
  interfaces.clear();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void detail::registerKind(Context ctx, KindRegistration &&r) {
  const std::string qualified = r.dialect + "." + r.mnemonic;
  const bool isAttr = r.isAttribute;
  uint32_t def = 0;
  omnir_status st = isAttr ? omnir_dialect_lookup_attribute(ctx, qualified.data(), qualified.size(), &def)
                           : omnir_dialect_lookup_type(ctx, qualified.data(), qualified.size(), &def);
  if (st == OMNIR_OK) {
    // Registered already (the dialect loaded twice, or by another package): the same kind
    // if it has the same parameters.
    releaseInterfaces(r.interfaces);
    size_t n = 0;
    check(omnir_dialect_definition_get_num_params(ctx, def, isAttr, &n));
    bool same = n == r.params.size();
    for (size_t i = 0; same && i < n; ++i) {
      omnir_string name{};
      check(omnir_dialect_definition_get_param_name(ctx, def, isAttr, i, &name));
      same = detail::takeString(name) == r.params[i];
    }
    if (!same)
      throw Error(OMNIR_ERROR_ALREADY_EXISTS, std::string(isAttr ? "attribute '#" : "type '!") + qualified +
                                                  "' is registered already, with other parameters");
    return;
  }
  if (st != OMNIR_ERROR_NOT_REGISTERED) {
    Error e = Error::fromLastError(st);
    releaseInterfaces(r.interfaces);
    throw e;
  }

  std::vector<omnir_string_view> params;
  for (const auto &p : r.params)
    params.push_back(omnir_string_view{p.data(), p.size()});
  std::vector<omnir_interface_impl> interfaces = toC(r.interfaces);
  omnir_type_definition d{};
  d.dialect = r.dialect.data();
  d.dialect_len = r.dialect.size();
  d.name = r.mnemonic.data();
  d.name_len = r.mnemonic.size();
  d.params = params.data();
  d.num_params = params.size();
  if (r.verifier) {
    d.verify = &kindVerify;
    d.verify_user_data = r.verifier.get();
    d.free_verify_user_data = &freeKindModel;
  }
  d.interfaces = interfaces.data();
  d.num_interfaces = interfaces.size();
  st = isAttr ? omnir_dialect_register_attribute(ctx, &d, &def) : omnir_dialect_register_type(ctx, &d, &def);
  if (st != OMNIR_OK) {
    // Nothing was registered: the user data is still ours.
    Error e = Error::fromLastError(st);
    releaseInterfaces(r.interfaces);
    throw e;
  }
  // omnir owns the verifier and the interfaces' user data now.
  if (r.verifier)
    r.verifier.release()->definition = def;
  r.interfaces.clear();

  if (r.assembly) {
    r.assembly->definition = def;
    omnir_custom_assembly assembly{&kindParse, &kindPrint, r.assembly.get(), &freeKindModel};
    st = isAttr ? omnir_dialect_set_attribute_assembly(ctx, def, &assembly)
                : omnir_dialect_set_type_assembly(ctx, def, &assembly);
    if (st != OMNIR_OK)
      throwLastError(st); // r.assembly is still ours and freed by the unique_ptr
    r.assembly.release();
  }
}

void detail::registerOperation(Context ctx, OpDefinition &&def, std::unique_ptr<OpModel> model) {
  bool registered = false;
  check(omnir_dialect_is_operation_registered(ctx, def.name.data(), def.name.size(), &registered));
  if (registered) {
    releaseInterfaces(def.interfaces);
    return;
  }
  ConstraintArena arena;
  std::vector<omnir_value_spec> operands, results;
  for (const auto &v : def.operands)
    operands.push_back(omnir_value_spec{v.name.data(), v.name.size(), v.arity, arena.convert(v.constraint)});
  for (const auto &v : def.results)
    results.push_back(omnir_value_spec{v.name.data(), v.name.size(), v.arity, arena.convert(v.constraint)});
  std::vector<omnir_attribute_spec> attributes;
  for (const auto &a : def.attributes)
    attributes.push_back(omnir_attribute_spec{a.name.data(), a.name.size(), a.optional, arena.convert(a.constraint)});
  std::vector<omnir_interface_impl> interfaces = toC(def.interfaces);

  omnir_op_definition d{};
  d.name = def.name.data();
  d.name_len = def.name.size();
  d.summary = def.summary.data();
  d.summary_len = def.summary.size();
  d.operands = operands.data();
  d.num_operands = operands.size();
  d.results = results.data();
  d.num_results = results.size();
  d.attributes = attributes.data();
  d.num_attributes = attributes.size();
  d.num_regions = def.numRegions;
  d.variadic_regions = def.variadicRegions;
  d.num_successors = def.numSuccessors;
  d.variadic_successors = def.variadicSuccessors;
  d.traits = def.traits;
  d.interfaces = interfaces.data();
  d.num_interfaces = interfaces.size();
  d.implicit_terminator = def.implicitTerminator.data();
  d.implicit_terminator_len = def.implicitTerminator.size();
  d.is_branch = def.isBranch;
  d.branch_first_operand_group = def.branchFirstOperandGroup;
  if (model) {
    d.verify = &opVerify;
    d.verify_user_data = model.get();
    d.free_verify_user_data = &freeOpModel;
  }
  omnir_status st = omnir_dialect_register_operation(ctx, &d);
  if (st != OMNIR_OK) {
    Error e = Error::fromLastError(st);
    releaseInterfaces(def.interfaces); // the arena frees the predicates
    throw e;
  }
  arena.handedOver = true;
  def.interfaces.clear();
  model.release();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

Dialect::Dialect(std::string_view name, Context ctx) : name_(name), ctx_(ctx) {}

Dialect::~Dialect() = default;

void Dialect::load() {
  // The ABI handshake of the bridge itself (the header it was built against); the dialect
  // library's own runs first, in registerDialect<D>().
  check(omnir_check_abi());
  bool registered = false;
  check(omnir_dialect_is_registered(ctx_, name_.data(), name_.size(), &registered));
  if (!registered)
    check(omnir_dialect_register(ctx_, name_.data(), name_.size(), false));
  initialize();
}

void Dialect::allowUnknownOperations(bool allow) {
  check(omnir_dialect_register(ctx_, name_.data(), name_.size(), allow));
}

//===----------------------------------------------------------------------===//
// Op traits verified in C++
//===----------------------------------------------------------------------===//

LogicalResult OpTrait::verifySameOperandsAndResultShape(Operation op) {
  std::vector<Type> types = op.getOperandTypes();
  for (const auto &t : op.getResultTypes())
    types.push_back(t);
  if (types.empty())
    return success();
  size_t shaped = 0;
  for (const auto &t : types)
    if (t && isa<ShapedType>(t))
      ++shaped;
  if (shaped == 0)
    return success();
  if (shaped != types.size())
    return op.emitOpError() << "requires the same shape for all operands and results";
  // Ranked types must agree on rank and on every static size.
  std::vector<int64_t> shape;
  bool haveRanked = false;
  for (const auto &t : types) {
    ShapedType s(t);
    if (!s.hasRank())
      continue;
    std::vector<int64_t> dims = s.getShape();
    if (!haveRanked) {
      shape = dims;
      haveRanked = true;
      continue;
    }
    bool compatible = dims.size() == shape.size();
    for (size_t i = 0; compatible && i < dims.size(); ++i) {
      if (dims[i] == ShapedType::kDynamic)
        continue;
      if (shape[i] == ShapedType::kDynamic)
        shape[i] = dims[i];
      else if (shape[i] != dims[i])
        compatible = false;
    }
    if (!compatible)
      return op.emitOpError() << "requires the same shape for all operands and results";
  }
  return success();
}

} // namespace omnir
