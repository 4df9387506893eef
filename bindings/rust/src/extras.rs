//! More of the C API, wrapped for the language glue (Python, Node): accessors of builtin
//! types, attributes and locations that the first version of this crate did not need, dense
//! element access, big integers and float bit patterns, distinct and opaque attributes,
//! affine-map and strided-layout queries, and a few IR queries.

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::handle::opt;
use crate::strings::{arg, bytes_out, string_out};
use crate::{Attribute, Block, Context, Location, Operation, Region, Type, Value};

impl Context {
    /// `memref<*xelement[, memory_space]>`.
    pub fn unranked_memref_type(&self, element: &Type, memory_space: Option<&Attribute>) -> Result<Type> {
        let m = memory_space.map(|a| a.raw).unwrap_or_default();
        // SAFETY: live context, plain handles, valid out-pointer (same for every call below).
        let raw = out(|o| unsafe { sys::omnir_unranked_memref_type_get(self.as_raw(), element.raw, m, o) })?;
        Ok(Type { ctx: self.clone(), raw })
    }

    /// `vector<shape x element>` with the dimensions flagged in `scalable` written `[n]`.
    pub fn vector_type_scalable(&self, shape: &[i64], scalable: &[bool], element: &Type) -> Result<Type> {
        if scalable.len() != shape.len() {
            return Err(crate::Error::new(
                crate::Status::InvalidArgument,
                "the scalable flags must have one entry per dimension",
            ));
        }
        let raw = out(|o| unsafe {
            sys::omnir_vector_type_get(self.as_raw(), shape.as_ptr(), shape.len(), scalable.as_ptr(), element.raw, o)
        })?;
        Ok(Type { ctx: self.clone(), raw })
    }

    /// An integer attribute of any width from little-endian 64-bit words (two's complement).
    pub fn integer_attr_from_words(&self, ty: &Type, words: &[u64]) -> Result<Attribute> {
        let raw = out(|o| unsafe {
            sys::omnir_integer_attr_from_words(self.as_raw(), ty.raw, words.as_ptr(), words.len(), o)
        })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// A float attribute from its bit pattern (`low` holds the first 64 bits).
    pub fn float_attr_from_bits(&self, ty: &Type, low: u64, high: u64) -> Result<Attribute> {
        let raw = out(|o| unsafe { sys::omnir_float_attr_from_bits(self.as_raw(), ty.raw, low, high, o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// `dense<["a", "b"]> : ty` (strings of any bytes).
    pub fn dense_string_elements_attr(&self, ty: &Type, values: &[&[u8]]) -> Result<Attribute> {
        let v: Vec<sys::omnir_string_view> =
            values.iter().map(|b| sys::omnir_string_view { data: b.as_ptr().cast(), len: b.len() }).collect();
        let raw = out(|o| unsafe { sys::omnir_dense_string_attr_get(self.as_raw(), ty.raw, v.as_ptr(), v.len(), o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// `dense_resource<key> : ty` (the blob lives in the context's resources, group `builtin`).
    pub fn dense_resource_attr(&self, ty: &Type, key: &str) -> Result<Attribute> {
        let (k, kl) = arg(key);
        let raw = out(|o| unsafe { sys::omnir_dense_resource_attr_get(self.as_raw(), ty.raw, k, kl, o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// The identity affine map of `num_dims` dimensions, as an attribute.
    pub fn identity_affine_map_attr(&self, num_dims: u32) -> Result<Attribute> {
        let raw = out(|o| unsafe { sys::omnir_affine_map_attr_get_identity(self.as_raw(), num_dims, o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// `strided<[strides], offset: offset>` ([`DYNAMIC`](crate::DYNAMIC) for `?`).
    pub fn strided_layout_attr(&self, offset: i64, strides: &[i64]) -> Result<Attribute> {
        let raw = out(|o| unsafe {
            sys::omnir_strided_layout_attr_get(self.as_raw(), offset, strides.as_ptr(), strides.len(), o)
        })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// A new `distinct[n]<referenced>` attribute, unequal to every other attribute.
    pub fn distinct_attr(&self, referenced: &Attribute) -> Result<Attribute> {
        let raw = out(|o| unsafe { sys::omnir_distinct_attr_create(self.as_raw(), referenced.raw, o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// `#dialect<data>` of an unregistered dialect, optionally typed.
    pub fn opaque_attr(&self, dialect: &str, data: &str, ty: Option<&Type>) -> Result<Attribute> {
        let (d, dl) = arg(dialect);
        let (x, xl) = arg(data);
        let t = ty.map(|t| t.raw).unwrap_or_default();
        let raw = out(|o| unsafe { sys::omnir_opaque_attr_get(self.as_raw(), d, dl, x, xl, t, o) })?;
        Ok(Attribute { ctx: self.clone(), raw })
    }

    /// `loc("file":line:col to end_line:end_col)`.
    pub fn file_line_col_range_loc(
        &self,
        file: &str,
        line: u32,
        col: u32,
        end_line: u32,
        end_col: u32,
    ) -> Result<Location> {
        let (f, fl) = arg(file);
        let raw = out(|o| unsafe {
            sys::omnir_file_line_col_range_loc_get(self.as_raw(), f, fl, line, col, end_line, end_col, o)
        })?;
        Ok(Location { ctx: self.clone(), raw })
    }

    /// Whether the registered dialect `name` accepts operations it does not define.
    pub fn dialect_allows_unknown_operations(&self, name: &str) -> Result<bool> {
        let (n, nl) = arg(name);
        out(|p| unsafe { sys::omnir_dialect_get_allow_unknown_operations(self.as_raw(), n, nl, p) })
    }

    /// The parameter names of a type (`is_attribute == false`) or attribute definition.
    pub fn definition_param_names(&self, definition: u32, is_attribute: bool) -> Result<Vec<String>> {
        let n: usize = out(|p| unsafe {
            sys::omnir_dialect_definition_get_num_params(self.as_raw(), definition, is_attribute, p)
        })?;
        (0..n)
            .map(|i| {
                string_out(|o| unsafe {
                    sys::omnir_dialect_definition_get_param_name(self.as_raw(), definition, is_attribute, i, o)
                })
            })
            .collect()
    }
}

impl Type {
    fn sub(&self, raw: sys::omnir_type) -> Type {
        Type { ctx: self.ctx.clone(), raw }
    }

    /// The layout of a memref type (`None` for the identity layout).
    pub fn memref_layout(&self) -> Result<Option<Attribute>> {
        let a: sys::omnir_attribute = out(|p| unsafe { sys::omnir_memref_type_get_layout(self.cx(), self.raw, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The memory space of a memref type, ranked or not (`None` for the default space).
    pub fn memref_memory_space(&self) -> Result<Option<Attribute>> {
        let a: sys::omnir_attribute =
            out(|p| unsafe { sys::omnir_memref_type_get_memory_space(self.cx(), self.raw, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The dialect namespace of an opaque type.
    pub fn opaque_dialect(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_opaque_type_get_dialect(self.cx(), self.raw, o) })
    }

    /// The body of an opaque type.
    pub fn opaque_data(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_opaque_type_get_data(self.cx(), self.raw, o) })
    }

    /// The bit width of an integer or float type.
    pub fn int_or_float_bit_width(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_type_get_int_or_float_bit_width(self.cx(), self.raw, p) })
    }

    /// The number of elements of a statically shaped type.
    pub fn num_elements(&self) -> Result<u64> {
        out(|p| unsafe { sys::omnir_shaped_type_get_num_elements(self.cx(), self.raw, p) })
    }

    /// Whether dimension `index` of a vector type is scalable.
    pub fn is_dim_scalable(&self, index: usize) -> Result<bool> {
        out(|p| unsafe { sys::omnir_vector_type_is_dim_scalable(self.cx(), self.raw, index, p) })
    }

    /// Input `index` of a function type.
    pub fn input(&self, index: usize) -> Result<Type> {
        let raw = out(|o| unsafe { sys::omnir_function_type_get_input(self.cx(), self.raw, index, o) })?;
        Ok(self.sub(raw))
    }
}

impl Attribute {
    fn sub(&self, raw: sys::omnir_attribute) -> Attribute {
        Attribute { ctx: self.ctx.clone(), raw }
    }

    /// The 64-bit words (little-endian, two's complement) of an integer attribute's value.
    pub fn int_words(&self) -> Result<Vec<u64>> {
        let n: usize = out(|p| unsafe { sys::omnir_integer_attr_get_num_words(self.cx(), self.raw, p) })?;
        (0..n).map(|i| out(|p| unsafe { sys::omnir_integer_attr_get_word(self.cx(), self.raw, i, p) })).collect()
    }

    /// The bit pattern of a float attribute's value: (first 64 bits, the rest).
    pub fn float_bits(&self) -> Result<(u64, u64)> {
        let (mut lo, mut hi) = (0u64, 0u64);
        check(unsafe { sys::omnir_float_attr_get_bits(self.cx(), self.raw, &mut lo, &mut hi) })?;
        Ok((lo, hi))
    }

    /// The number of elements of a dense elements attribute (int/float or string).
    pub fn dense_num_elements(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_dense_elements_attr_get_num_elements(self.cx(), self.raw, p) })
    }

    /// Whether a dense elements attribute is a splat.
    pub fn dense_is_splat(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_dense_elements_attr_is_splat(self.cx(), self.raw, p) })
    }

    /// Element `index` of a dense int/float elements attribute, as an attribute.
    pub fn dense_element(&self, index: usize) -> Result<Attribute> {
        let raw = out(|o| unsafe { sys::omnir_dense_elements_attr_get_element(self.cx(), self.raw, index, o) })?;
        Ok(self.sub(raw))
    }

    /// Element `index` of a dense integer elements attribute, sign-extended.
    pub fn dense_int64(&self, index: usize) -> Result<i64> {
        out(|p| unsafe { sys::omnir_dense_elements_attr_get_int64(self.cx(), self.raw, index, p) })
    }

    /// Element `index` of a dense integer elements attribute, zero-extended.
    pub fn dense_uint64(&self, index: usize) -> Result<u64> {
        out(|p| unsafe { sys::omnir_dense_elements_attr_get_uint64(self.cx(), self.raw, index, p) })
    }

    /// Element `index` of a dense float elements attribute.
    pub fn dense_double(&self, index: usize) -> Result<f64> {
        out(|p| unsafe { sys::omnir_dense_elements_attr_get_double(self.cx(), self.raw, index, p) })
    }

    /// Element `index` of a dense string elements attribute (any bytes).
    pub fn dense_string(&self, index: usize) -> Result<Vec<u8>> {
        bytes_out(|o| unsafe { sys::omnir_dense_elements_attr_get_string(self.cx(), self.raw, index, o) })
    }

    /// The element type of a dense array attribute.
    pub fn dense_array_element_type(&self) -> Result<Type> {
        let raw = out(|o| unsafe { sys::omnir_dense_array_attr_get_element_type(self.cx(), self.raw, o) })?;
        Ok(Type { ctx: self.ctx.clone(), raw })
    }

    /// The key of a dense resource attribute.
    pub fn dense_resource_key(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_dense_resource_attr_get_key(self.cx(), self.raw, o) })
    }

    /// The dimension count of an affine map attribute.
    pub fn affine_map_num_dims(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_affine_map_attr_get_num_dims(self.cx(), self.raw, p) })
    }

    /// The symbol count of an affine map attribute.
    pub fn affine_map_num_symbols(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_affine_map_attr_get_num_symbols(self.cx(), self.raw, p) })
    }

    /// The result count of an affine map attribute.
    pub fn affine_map_num_results(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_affine_map_attr_get_num_results(self.cx(), self.raw, p) })
    }

    /// Whether an affine map attribute is an identity map.
    pub fn affine_map_is_identity(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_affine_map_attr_is_identity(self.cx(), self.raw, p) })
    }

    /// The offset of a strided layout.
    pub fn strided_offset(&self) -> Result<i64> {
        out(|p| unsafe { sys::omnir_strided_layout_attr_get_offset(self.cx(), self.raw, p) })
    }

    /// The strides of a strided layout.
    pub fn strided_strides(&self) -> Result<Vec<i64>> {
        let n: usize = out(|p| unsafe { sys::omnir_strided_layout_attr_get_num_strides(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| out(|p| unsafe { sys::omnir_strided_layout_attr_get_stride(self.cx(), self.raw, i, p) }))
            .collect()
    }

    /// The attribute a distinct attribute wraps.
    pub fn distinct_referenced(&self) -> Result<Attribute> {
        let raw = out(|o| unsafe { sys::omnir_distinct_attr_get_referenced(self.cx(), self.raw, o) })?;
        Ok(self.sub(raw))
    }

    /// The dialect namespace of an opaque attribute.
    pub fn opaque_dialect(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_opaque_attr_get_dialect(self.cx(), self.raw, o) })
    }

    /// The body of an opaque attribute.
    pub fn opaque_data(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_opaque_attr_get_data(self.cx(), self.raw, o) })
    }
}

impl Location {
    fn sub(&self, raw: sys::omnir_location) -> Location {
        Location { ctx: self.ctx.clone(), raw }
    }

    /// The child of a name location (`None` when it has none).
    pub fn name_child(&self) -> Result<Option<Location>> {
        let l: sys::omnir_location = out(|p| unsafe { sys::omnir_name_loc_get_child(self.cx(), self.raw, p) })?;
        Ok(opt(l).map(|raw| self.sub(raw)))
    }

    /// The callee of a call-site location.
    pub fn callee(&self) -> Result<Location> {
        let raw = out(|p| unsafe { sys::omnir_call_site_loc_get_callee(self.cx(), self.raw, p) })?;
        Ok(self.sub(raw))
    }

    /// The caller of a call-site location.
    pub fn caller(&self) -> Result<Location> {
        let raw = out(|p| unsafe { sys::omnir_call_site_loc_get_caller(self.cx(), self.raw, p) })?;
        Ok(self.sub(raw))
    }

    /// The locations of a fused location.
    pub fn fused_locations(&self) -> Result<Vec<Location>> {
        let n: usize = out(|p| unsafe { sys::omnir_fused_loc_get_num_locations(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let raw = out(|p| unsafe { sys::omnir_fused_loc_get_location(self.cx(), self.raw, i, p) })?;
                Ok(self.sub(raw))
            })
            .collect()
    }

    /// The metadata of a fused location, if any.
    pub fn fused_metadata(&self) -> Result<Option<Attribute>> {
        let a: sys::omnir_attribute = out(|p| unsafe { sys::omnir_fused_loc_get_metadata(self.cx(), self.raw, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The full range of a file location: (file, line, col, end line, end col).
    pub fn file_range(&self) -> Result<(String, u32, u32, u32, u32)> {
        let file = string_out(|o| unsafe { sys::omnir_file_line_col_loc_get_file(self.cx(), self.raw, o) })?;
        let (mut l, mut c, mut el, mut ec) = (0, 0, 0, 0);
        check(unsafe {
            sys::omnir_file_line_col_loc_get_range(self.cx(), self.raw, &mut l, &mut c, &mut el, &mut ec)
        })?;
        Ok((file, l, c, el, ec))
    }
}

impl Value {
    /// Whether it is an operation result.
    pub fn is_op_result(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_value_is_op_result(self.cx(), self.raw, p) })
    }

    /// The block the value is defined in (its owner block, or its op's block), if any.
    pub fn parent_block(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_value_get_parent_block(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// Drops every use of the value (the using operands become null).
    pub fn drop_all_uses(&self) -> Result<()> {
        check(unsafe { sys::omnir_value_drop_all_uses(self.cx(), self.raw) })
    }
}

impl Block {
    /// The previous block of the region.
    pub fn prev(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_block_get_prev(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// The number of arguments.
    pub fn num_arguments(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_block_get_num_arguments(self.cx(), self.raw, p) })
    }
}

impl Region {
    /// The number of blocks.
    pub fn num_blocks(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_region_get_num_blocks(self.cx(), self.raw, p) })
    }

    /// Block `index`.
    pub fn block(&self, index: usize) -> Result<Block> {
        let raw = out(|p| unsafe { sys::omnir_region_get_block(self.cx(), self.raw, index, p) })?;
        Ok(Block { ctx: self.ctx.clone(), raw })
    }

    /// The last block.
    pub fn last_block(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_region_get_last_block(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }
}

impl Operation {
    /// Successor `index`.
    pub fn successor(&self, index: usize) -> Result<Block> {
        let raw = out(|p| unsafe { sys::omnir_op_get_successor(self.cx(), self.raw, index, p) })?;
        Ok(Block { ctx: self.ctx.clone(), raw })
    }

    /// The number of successors.
    pub fn num_successors(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_op_get_num_successors(self.cx(), self.raw, p) })
    }

    /// The symbol a reference (`@a::@b`) names, looked up in this symbol table operation.
    pub fn lookup_symbol_ref(&self, symbol_ref: &Attribute) -> Result<Option<Operation>> {
        let o: sys::omnir_op =
            out(|p| unsafe { sys::omnir_symbol_lookup_ref_in(self.cx(), self.raw, symbol_ref.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// Replaces every use of the symbol `old_name` by `new_name` within `scope` (the nested
    /// regions of that operation).
    pub fn replace_all_symbol_uses(old_name: &str, new_name: &str, scope: &Operation) -> Result<()> {
        let (o, ol) = arg(old_name);
        let (n, nl) = arg(new_name);
        let target = sys::omnir_symbol_target { name: o, name_len: ol, op: sys::omnir_op::default() };
        let scope_raw = sys::omnir_symbol_scope { op: scope.raw, region: sys::omnir_region::default() };
        check(unsafe { sys::omnir_symbol_replace_all_uses(scope.cx(), &target, n, nl, scope_raw) })
    }
}
