//! MLIR's declarative assembly format (ODS `assemblyFormat`), compiled once per operation
//! into a flat program that the parser and the printer both run.
//!
//! The program is flat (a vector of instructions with jumps) rather than a tree so that the
//! parser and printer can stop at a region, hand it to their own iterative machinery, and
//! resume at the next instruction: nesting in the IR never becomes native recursion.
//!
//! Grammar (as upstream's `OpFormatGen`): literals in backticks (`` `,` ``, `` `to` ``,
//! `` ` ` `` a space, ``` `` ``` no space, `` `\n` `` a newline); variables `$name` naming an
//! operand group, attribute, region or successor; directives `attr-dict`,
//! `attr-dict-with-keyword`, `attrs-dict` (omnir's: ` attrs =  {...}`), `prop-dict`, `type(...)`, `qualified(...)`,
//! `functional-type(a, b)`, `operands`, `results`, `regions`, `successors`,
//! `custom<Name>(args)` with `ref(...)`, `oilist(...)`; optional groups `( ... )?` with one
//! anchor `^` and an optional else group `( ... ) : ( ... )?`.

use std::fmt;

use crate::dialect::{Arity, AttrConstraint, OpDef, Traits, TypeConstraint};

/// What a `type(...)` or `functional-type(...)` argument refers to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TypeVar {
    Operand(usize),
    Result(usize),
    Operands,
    Results,
}

/// One element of a format.
#[derive(Clone, Debug, PartialEq)]
pub enum Elem {
    /// A keyword or punctuation.
    Literal(String),
    /// `` ` ` `` (true) or ``` `` ``` (false).
    Space(bool),
    Newline,
    /// `indent-newline` (omnir's): a new line one step deeper than the op, whose later
    /// regions are indented that step too (MLIR's `increaseIndent` + `printNewline` in
    /// hand-written printers: linalg.map's body).
    IndentNewline,
    Operand(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
    Operands,
    Regions,
    Successors,
    AttrDict {
        keyword: bool,
        /// `attrs-dict` (omnir's): written ` attrs =  {...}` as linalg.generic's extra
        /// attributes.
        attrs: bool,
    },
    PropDict,
    Type {
        var: TypeVar,
        qualified: bool,
    },
    FunctionalType(TypeVar, TypeVar),
    /// `qualified($attr)`.
    QualifiedAttr(usize),
    /// `custom<Name>(args)`: a hook of the dialect; `refs` marks the `ref(...)` arguments.
    Custom {
        name: String,
        args: Vec<Elem>,
        refs: Vec<bool>,
    },
}

/// One instruction of a compiled format.
#[derive(Clone, Debug, PartialEq)]
pub enum Ins {
    Elem(Elem),
    /// Start of an optional group. Parsing: try `first` (the group's first element that is
    /// not whitespace) optionally; printing: the group is shown when `anchor` is present.
    /// Either way, when absent, continue at `otherwise` (the else group or the group's end).
    Optional {
        first: Elem,
        anchor: Elem,
        otherwise: usize,
    },
    Jump(usize),
    /// `oilist`: clauses in any order, each at most once; `clauses` are (keyword, start pc,
    /// a variable whose presence shows the clause when printing); the list ends at `end`.
    OiList {
        clauses: Vec<(String, usize, Elem)>,
        end: usize,
    },
    /// End of one clause of the `oilist` whose instruction is at `list`.
    OiClauseEnd {
        list: usize,
    },
}

/// A compiled format.
#[derive(Clone, Debug, PartialEq)]
pub struct OpFormat {
    pub source: String,
    pub program: Vec<Ins>,
    /// For each operand group, where its type comes from when the format does not say.
    pub operand_types: Vec<TypeSource>,
    pub result_types: Vec<TypeSource>,
    /// Whether the format has `attr-dict` / `prop-dict` at all.
    pub has_attr_dict: bool,
    /// Regions whose entry block arguments a custom directive writes (their own header is
    /// then not printed).
    pub directive_regions: Vec<bool>,
    /// For each attribute of the definition, whether the format prints it itself (so
    /// `attr-dict` leaves it out).
    pub printed_attrs: Vec<bool>,
}

impl OpFormat {
    /// The name of the custom directive that defines region `index`'s entry arguments.
    pub fn region_directive(&self, index: usize) -> Option<&str> {
        self.program.iter().find_map(|ins| match ins {
            Ins::Elem(Elem::Custom { name, args, .. })
                if args.iter().any(|a| matches!(a, Elem::Region(i) if *i == index)) =>
            {
                Some(name.as_str())
            }
            _ => None,
        })
    }
}

/// Where the parser gets the type of an operand or result group.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeSource {
    /// `type(...)` in the format (or `functional-type`).
    Format,
    /// The type of another group (`SameOperandsAndResultType`, `AllTypesMatch`...): its
    /// kind (operand or result) and index.
    SameAs(TypeVar),
    /// A single type the constraint allows (e.g. `I1`, `Index`).
    Buildable(BuildableType),
    /// The type of a typed attribute (`AllTypesMatch<["value", "result"]>`).
    AttrType(usize),
    /// Derived from another group's type (`TypesMatchWith`): the callee's inputs, an element
    /// type...
    Derived(TypeVar, crate::dialect::TypeTransform),
    /// Taken from a region's or a successor's values by a custom hook, or not needed (an
    /// empty variadic group is fine without a type).
    Unresolved,
}

/// A type the constraint fixes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BuildableType {
    Integer(u32),
    Index,
    Float(crate::types::FloatKind),
    Exactly(crate::types::Type),
}

/// A format the compiler refuses, with the byte offset in the format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "assembly format at offset {}: {}", self.offset, self.message)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Literal(String),
    Var(String),
    Word(String),
    Punct(char),
    Arrow,
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn err(&self, at: usize, message: impl Into<String>) -> FormatError {
        FormatError { offset: at, message: message.into() }
    }

    fn next(&mut self) -> Result<Option<(usize, Token)>, FormatError> {
        let b = self.src.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        let start = self.pos;
        let Some(&c) = b.get(self.pos) else { return Ok(None) };
        self.pos += 1;
        let tok = match c {
            b'`' => {
                let end = self.src[self.pos..].find('`').ok_or_else(|| self.err(start, "unterminated literal"))?;
                let lit = self.src[self.pos..self.pos + end].to_string();
                self.pos += end + 1;
                Token::Literal(lit)
            }
            b'$' => {
                let len = self.src[self.pos..].bytes().take_while(|c| c.is_ascii_alphanumeric() || *c == b'_').count();
                if len == 0 {
                    return Err(self.err(start, "expected variable name after '$'"));
                }
                let name = self.src[self.pos..self.pos + len].to_string();
                self.pos += len;
                Token::Var(name)
            }
            b'-' if b.get(self.pos) == Some(&b'>') => {
                self.pos += 1;
                Token::Arrow
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let len = self.src[start..]
                    .bytes()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
                    .count();
                self.pos = start + len;
                Token::Word(self.src[start..start + len].to_string())
            }
            b'(' | b')' | b'?' | b':' | b'^' | b',' | b'<' | b'>' | b'|' | b'=' => Token::Punct(c as char),
            _ => return Err(self.err(start, format!("unexpected character '{}'", c as char))),
        };
        Ok(Some((start, tok)))
    }
}

/// Whether `s` is a literal MLIR's format language accepts: a keyword or one of its
/// punctuation spellings.
fn is_valid_literal(s: &str) -> bool {
    if s.is_empty() || s == " " || s == "\\n" {
        return true;
    }
    const PUNCT: &[&str] =
        &["->", ":", ",", "=", "<", ">", "(", ")", "[", "]", "{", "}", "?", "+", "*", "...", "|", "-"];
    if PUNCT.contains(&s) {
        return true;
    }
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

struct Compiler<'d> {
    def: &'d OpDef,
    region_names: &'d [String],
    successor_names: &'d [String],
    lex: Lexer<'d>,
    peeked: Option<(usize, Token)>,
    program: Vec<Ins>,
    /// Which groups the format spells out (to find what must be inferred).
    seen_operands: Vec<bool>,
    seen_attrs: Vec<bool>,
    seen_regions: Vec<bool>,
    seen_successors: Vec<bool>,
    typed_operands: Vec<bool>,
    typed_results: Vec<bool>,
    all_operands: bool,
    all_regions: bool,
    all_successors: bool,
    has_attr_dict: bool,
}

impl<'d> Compiler<'d> {
    fn peek(&mut self) -> Result<Option<&(usize, Token)>, FormatError> {
        if self.peeked.is_none() {
            self.peeked = self.lex.next()?;
        }
        Ok(self.peeked.as_ref())
    }

    fn bump(&mut self) -> Result<Option<(usize, Token)>, FormatError> {
        self.peek()?;
        Ok(self.peeked.take())
    }

    fn offset(&mut self) -> usize {
        match self.peek() {
            Ok(Some((o, _))) => *o,
            _ => self.lex.src.len(),
        }
    }

    fn err(&mut self, message: impl Into<String>) -> FormatError {
        let at = self.offset();
        FormatError { offset: at, message: message.into() }
    }

    fn expect_punct(&mut self, c: char) -> Result<(), FormatError> {
        match self.bump()? {
            Some((_, Token::Punct(p))) if p == c => Ok(()),
            Some((at, _)) => Err(FormatError { offset: at, message: format!("expected '{c}'") }),
            None => Err(self.err(format!("expected '{c}'"))),
        }
    }

    fn at_punct(&mut self, c: char) -> Result<bool, FormatError> {
        Ok(matches!(self.peek()?, Some((_, Token::Punct(p))) if *p == c))
    }

    /// Resolves `$name` to an element.
    fn variable(&mut self, at: usize, name: &str) -> Result<Elem, FormatError> {
        let def = self.def;
        if let Some(i) = def.operands.iter().position(|s| s.name == name) {
            return Ok(Elem::Operand(i));
        }
        if let Some(i) = def.attributes.iter().position(|s| s.name == name) {
            return Ok(Elem::Attr(i));
        }
        if let Some(i) = self.region_names.iter().position(|s| s == name) {
            return Ok(Elem::Region(i));
        }
        if let Some(i) = self.successor_names.iter().position(|s| s == name) {
            return Ok(Elem::Successor(i));
        }
        if def.results.iter().any(|s| s.name == name) {
            return Err(FormatError {
                offset: at,
                message: format!("result '{name}' may only be used in a type directive"),
            });
        }
        Err(FormatError {
            offset: at,
            message: format!(
                "expected variable to refer to an argument, region, result, or successor; '{name}' is none of them"
            ),
        })
    }

    fn type_var(&mut self) -> Result<TypeVar, FormatError> {
        match self.bump()? {
            Some((at, Token::Var(name))) => {
                if let Some(i) = self.def.operands.iter().position(|s| s.name == name) {
                    return Ok(TypeVar::Operand(i));
                }
                if let Some(i) = self.def.results.iter().position(|s| s.name == name) {
                    return Ok(TypeVar::Result(i));
                }
                Err(FormatError {
                    offset: at,
                    message: format!("'{name}' is not an operand or a result of the operation"),
                })
            }
            Some((_, Token::Word(w))) if w == "operands" => Ok(TypeVar::Operands),
            Some((_, Token::Word(w))) if w == "results" => Ok(TypeVar::Results),
            Some((at, _)) => Err(FormatError {
                offset: at,
                message: "expected an operand, a result, `operands` or `results`".into(),
            }),
            None => Err(self.err("expected an operand, a result, `operands` or `results`")),
        }
    }

    fn mark_typed(&mut self, v: TypeVar) {
        match v {
            TypeVar::Operand(i) => self.typed_operands[i] = true,
            TypeVar::Result(i) => self.typed_results[i] = true,
            TypeVar::Operands => self.typed_operands.iter_mut().for_each(|t| *t = true),
            TypeVar::Results => self.typed_results.iter_mut().for_each(|t| *t = true),
        }
    }

    fn mark_seen(&mut self, e: &Elem) {
        match e {
            Elem::Operand(i) => self.seen_operands[*i] = true,
            Elem::Attr(i) | Elem::QualifiedAttr(i) => self.seen_attrs[*i] = true,
            Elem::Region(i) => self.seen_regions[*i] = true,
            Elem::Successor(i) => self.seen_successors[*i] = true,
            Elem::Operands => self.all_operands = true,
            Elem::Regions => self.all_regions = true,
            Elem::Successors => self.all_successors = true,
            Elem::Type { var, .. } => self.mark_typed(*var),
            Elem::FunctionalType(a, b) => {
                self.mark_typed(*a);
                self.mark_typed(*b);
            }
            Elem::Custom { args, .. } => {
                // A region named by a directive (for its entry arguments) must still be
                // parsed where the format writes `$region`.
                for a in args.clone().iter().filter(|a| !matches!(a, Elem::Region(_))) {
                    self.mark_seen(a);
                }
            }
            _ => {}
        }
    }

    /// One element (not a group). `in_custom` allows `ref(...)`.
    fn element(&mut self) -> Result<Elem, FormatError> {
        let Some((at, tok)) = self.bump()? else {
            return Err(self.err("expected a format element"));
        };
        let e = match tok {
            Token::Literal(s) => {
                if !is_valid_literal(&s) {
                    return Err(FormatError { offset: at, message: format!("expected valid literal but got '{s}'") });
                }
                match s.as_str() {
                    "" => Elem::Space(false),
                    " " => Elem::Space(true),
                    "\\n" => Elem::Newline,
                    _ => Elem::Literal(s),
                }
            }
            Token::Var(name) => self.variable(at, &name)?,
            Token::Word(w) => match w.as_str() {
                "attr-dict" => Elem::AttrDict { keyword: false, attrs: false },
                "attr-dict-with-keyword" => Elem::AttrDict { keyword: true, attrs: false },
                "attrs-dict" => Elem::AttrDict { keyword: false, attrs: true },
                "indent-newline" => Elem::IndentNewline,
                "prop-dict" => Elem::PropDict,
                "operands" => Elem::Operands,
                "regions" => Elem::Regions,
                "successors" => Elem::Successors,
                "results" => {
                    return Err(FormatError {
                        offset: at,
                        message: "'results' may only be used in a type directive".into(),
                    })
                }
                "type" => {
                    self.expect_punct('(')?;
                    let var = self.type_var()?;
                    self.expect_punct(')')?;
                    Elem::Type { var, qualified: false }
                }
                "qualified" => {
                    self.expect_punct('(')?;
                    let inner = self.element()?;
                    self.expect_punct(')')?;
                    match inner {
                        Elem::Type { var, .. } => Elem::Type { var, qualified: true },
                        Elem::Attr(i) => Elem::QualifiedAttr(i),
                        _ => {
                            return Err(FormatError {
                                offset: at,
                                message: "'qualified' takes an attribute or a type directive".into(),
                            })
                        }
                    }
                }
                "functional-type" => {
                    self.expect_punct('(')?;
                    let a = self.type_var()?;
                    self.expect_punct(',')?;
                    let b = self.type_var()?;
                    self.expect_punct(')')?;
                    Elem::FunctionalType(a, b)
                }
                "custom" => {
                    self.expect_punct('<')?;
                    let name = match self.bump()? {
                        Some((_, Token::Word(n))) => n,
                        _ => return Err(self.err("expected the name of a custom directive")),
                    };
                    self.expect_punct('>')?;
                    self.expect_punct('(')?;
                    let mut args = Vec::new();
                    let mut refs = Vec::new();
                    if !self.at_punct(')')? {
                        loop {
                            let is_ref = matches!(self.peek()?, Some((_, Token::Word(w))) if w == "ref");
                            if is_ref {
                                self.bump()?;
                                self.expect_punct('(')?;
                                args.push(self.element()?);
                                self.expect_punct(')')?;
                            } else {
                                args.push(self.element()?);
                            }
                            refs.push(is_ref);
                            if !self.at_punct(',')? {
                                break;
                            }
                            self.bump()?;
                        }
                    }
                    self.expect_punct(')')?;
                    Elem::Custom { name, args, refs }
                }
                _ => return Err(FormatError { offset: at, message: format!("unknown directive '{w}'") }),
            },
            Token::Punct(c) => return Err(FormatError { offset: at, message: format!("unexpected '{c}'") }),
            Token::Arrow => return Err(FormatError { offset: at, message: "unexpected '->'".into() }),
        };
        Ok(e)
    }

    /// Elements until `)` or `|` (not consumed) or the end.
    fn sequence(&mut self, top: bool) -> Result<(), FormatError> {
        loop {
            match self.peek()? {
                None => {
                    if top {
                        return Ok(());
                    }
                    return Err(self.err("expected ')' to end the group"));
                }
                Some((_, Token::Punct(')'))) | Some((_, Token::Punct('|'))) if !top => return Ok(()),
                Some((_, Token::Punct('('))) => self.optional_group()?,
                Some((_, Token::Word(w))) if w == "oilist" => self.oilist()?,
                _ => {
                    let e = self.element()?;
                    if self.at_punct('^')? {
                        return Err(self.err("'^' (an anchor) is only allowed inside an optional group"));
                    }
                    self.mark_seen(&e);
                    if matches!(e, Elem::AttrDict { .. } | Elem::PropDict) {
                        self.has_attr_dict = true;
                    }
                    self.program.push(Ins::Elem(e));
                }
            }
        }
    }

    /// `( elements ) ?` or `( then ) : ( else ) ?`.
    fn optional_group(&mut self) -> Result<(), FormatError> {
        let group_at = self.offset();
        self.bump()?; // (
        let start = self.program.len();
        self.program.push(Ins::Jump(usize::MAX)); // replaced by Optional below
        let mut anchor: Option<Elem> = None;
        let mut first: Option<Elem> = None;
        loop {
            match self.peek()? {
                Some((_, Token::Punct(')'))) => break,
                None => return Err(self.err("expected ')' to end the optional group")),
                Some((_, Token::Punct('('))) => {
                    if first.is_none() {
                        return Err(
                            self.err("the first element of an optional group may not be another optional group")
                        );
                    }
                    self.optional_group()?;
                    continue;
                }
                _ => {}
            }
            let e = self.element()?;
            let is_anchor = self.at_punct('^')?;
            if is_anchor {
                self.bump()?;
                if anchor.is_some() {
                    return Err(self.err("only one element can be marked as the anchor of an optional group"));
                }
                anchor = Some(e.clone());
            }
            if first.is_none() && !matches!(e, Elem::Space(_) | Elem::Newline | Elem::IndentNewline) {
                match &e {
                    Elem::Literal(_)
                    | Elem::Operand(_)
                    | Elem::Operands
                    | Elem::Attr(_)
                    | Elem::QualifiedAttr(_)
                    | Elem::Region(_)
                    | Elem::Regions
                    | Elem::Successor(_)
                    | Elem::Successors
                    | Elem::Type { .. }
                    | Elem::Custom { .. } => {}
                    _ => {
                        return Err(FormatError {
                            offset: group_at,
                            message: "first parsable element of an optional group must be a literal, variable, type directive or custom directive".into(),
                        })
                    }
                }
                first = Some(e.clone());
            }
            self.mark_seen(&e);
            if matches!(e, Elem::AttrDict { .. } | Elem::PropDict) {
                return Err(FormatError {
                    offset: group_at,
                    message: "attribute dictionaries may not appear in an optional group".into(),
                });
            }
            self.program.push(Ins::Elem(e));
        }
        self.bump()?; // )
        let Some(anchor) = anchor else {
            return Err(FormatError { offset: group_at, message: "optional group has no anchor element".into() });
        };
        let Some(first) = first else {
            return Err(FormatError { offset: group_at, message: "optional group has no parsable element".into() });
        };
        // Else group.
        let mut else_jump = None;
        if self.at_punct(':')? {
            self.bump()?;
            if !self.at_punct('(')? {
                return Err(self.err("expected '(' to start the else group"));
            }
            self.bump()?;
            else_jump = Some(self.program.len());
            self.program.push(Ins::Jump(usize::MAX));
            let else_start = self.program.len();
            self.program[start] = Ins::Optional { first: first.clone(), anchor: anchor.clone(), otherwise: else_start };
            self.sequence(false)?;
            self.expect_punct(')')?;
        }
        self.expect_punct('?')?;
        let end = self.program.len();
        match else_jump {
            Some(j) => self.program[j] = Ins::Jump(end),
            None => self.program[start] = Ins::Optional { first, anchor, otherwise: end },
        }
        Ok(())
    }

    /// `oilist( `kw` elements | `kw2` elements )`.
    fn oilist(&mut self) -> Result<(), FormatError> {
        self.bump()?; // oilist
        self.expect_punct('(')?;
        let list = self.program.len();
        self.program.push(Ins::Jump(usize::MAX));
        let mut clauses = Vec::new();
        loop {
            let kw = match self.bump()? {
                Some((_, Token::Literal(s)))
                    if is_valid_literal(&s)
                        && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') =>
                {
                    s
                }
                Some((at, _)) => {
                    return Err(FormatError {
                        offset: at,
                        message: "expected a keyword literal to start an oilist clause".into(),
                    })
                }
                None => return Err(self.err("expected an oilist clause")),
            };
            let start = self.program.len();
            let before = self.program.len();
            self.sequence(false)?;
            let shown = self.program[before..]
                .iter()
                .find_map(|i| match i {
                    Ins::Elem(e @ (Elem::Operand(_) | Elem::Attr(_) | Elem::Region(_) | Elem::Successor(_))) => {
                        Some(e.clone())
                    }
                    Ins::Elem(Elem::Custom { args, .. }) => args.first().cloned(),
                    _ => None,
                })
                .ok_or_else(|| self.err("an oilist clause needs a variable"))?;
            self.program.push(Ins::OiClauseEnd { list });
            clauses.push((kw, start, shown));
            if self.at_punct('|')? {
                self.bump()?;
                continue;
            }
            break;
        }
        self.expect_punct(')')?;
        let end = self.program.len();
        self.program[list] = Ins::OiList { clauses, end };
        Ok(())
    }
}

fn buildable(c: &TypeConstraint) -> Option<BuildableType> {
    match c {
        TypeConstraint::Integer(w) => Some(BuildableType::Integer(*w)),
        TypeConstraint::Index => Some(BuildableType::Index),
        TypeConstraint::Float(k) => Some(BuildableType::Float(*k)),
        TypeConstraint::Exactly(t) => Some(BuildableType::Exactly(*t)),
        _ => None,
    }
}

/// Compiles `source` for `def`, whose regions and successors are named by `region_names`
/// and `successor_names`. Checks what upstream's tblgen checks: every operand, attribute
/// (unless `attr-dict` is there to carry it), region and successor appears, and every
/// operand and result type is either in the format or can be inferred.
pub fn compile(
    def: &OpDef,
    region_names: &[String],
    successor_names: &[String],
    source: &str,
) -> Result<OpFormat, FormatError> {
    let mut c = Compiler {
        def,
        region_names,
        successor_names,
        lex: Lexer { src: source, pos: 0 },
        peeked: None,
        program: Vec::new(),
        seen_operands: vec![false; def.operands.len()],
        seen_attrs: vec![false; def.attributes.len()],
        seen_regions: vec![false; region_names.len()],
        seen_successors: vec![false; successor_names.len()],
        typed_operands: vec![false; def.operands.len()],
        typed_results: vec![false; def.results.len()],
        all_operands: false,
        all_regions: false,
        all_successors: false,
        has_attr_dict: false,
    };
    c.sequence(true)?;
    let end = source.len();
    let err = |message: String| FormatError { offset: end, message };
    if !c.has_attr_dict {
        return Err(err("'attr-dict' directive not found in custom assembly format".into()));
    }
    for (i, s) in def.operands.iter().enumerate() {
        if !c.seen_operands[i] && !c.all_operands {
            return Err(err(format!("operand #{i}, named '{}', not found", s.name)));
        }
    }
    for (i, s) in region_names.iter().enumerate() {
        if !c.seen_regions[i] && !c.all_regions && !def.built_regions.contains(s) {
            return Err(err(format!("region #{i}, named '{s}', not found")));
        }
    }
    for (i, s) in successor_names.iter().enumerate() {
        if !c.seen_successors[i] && !c.all_successors {
            return Err(err(format!("successor #{i}, named '{s}', not found")));
        }
    }
    // Types: from the format, else inferred.
    let mut operand_types = Vec::new();
    for (i, s) in def.operands.iter().enumerate() {
        operand_types.push(if c.typed_operands[i] {
            TypeSource::Format
        } else {
            infer(def, TypeVar::Operand(i), &c.typed_operands, &c.typed_results, &s.constraint).ok_or_else(|| {
                err(format!(
                    "type of operand #{i}, named '{}', is not buildable and a buildable type cannot be inferred",
                    s.name
                ))
            })?
        });
    }
    let mut result_types = Vec::new();
    for (i, s) in def.results.iter().enumerate() {
        result_types.push(if c.typed_results[i] {
            TypeSource::Format
        } else {
            infer(def, TypeVar::Result(i), &c.typed_operands, &c.typed_results, &s.constraint).ok_or_else(|| {
                err(format!(
                    "type of result #{i}, named '{}', is not buildable and a buildable type cannot be inferred",
                    s.name
                ))
            })?
        });
    }
    let _ = &c.seen_attrs;
    let mut directive_regions = vec![false; region_names.len()];
    for ins in &c.program {
        if let Ins::Elem(Elem::Custom { args, .. }) = ins {
            for a in args {
                if let Elem::Region(i) = a {
                    directive_regions[*i] = true;
                }
            }
        }
    }
    let mut printed_attrs = vec![false; def.attributes.len()];
    fn mark(e: &Elem, printed: &mut [bool]) {
        match e {
            Elem::Attr(i) | Elem::QualifiedAttr(i) => printed[*i] = true,
            Elem::Custom { args, .. } => args.iter().for_each(|a| mark(a, printed)),
            _ => {}
        }
    }
    for ins in &c.program {
        match ins {
            Ins::Elem(e) => mark(e, &mut printed_attrs),
            Ins::Optional { first, anchor, .. } => {
                mark(first, &mut printed_attrs);
                mark(anchor, &mut printed_attrs);
            }
            _ => {}
        }
    }
    Ok(OpFormat {
        source: source.to_string(),
        program: c.program,
        operand_types,
        result_types,
        has_attr_dict: c.has_attr_dict,
        directive_regions,
        printed_attrs,
    })
}

/// Where the type of `var` comes from when the format does not spell it.
pub(crate) fn infer(
    def: &OpDef,
    var: TypeVar,
    typed_operands: &[bool],
    typed_results: &[bool],
    constraint: &TypeConstraint,
) -> Option<TypeSource> {
    if let Some(b) = buildable(constraint) {
        return Some(TypeSource::Buildable(b));
    }
    let name = match var {
        TypeVar::Operand(i) => &def.operands[i].name,
        TypeVar::Result(i) => &def.results[i].name,
        _ => return None,
    };
    // Groups whose types are all equal to this one's.
    let mut peers: Vec<TypeVar> = Vec::new();
    if def.traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        peers.extend((0..def.operands.len()).map(TypeVar::Operand));
        peers.extend((0..def.results.len()).map(TypeVar::Result));
    }
    if def.traits.contains(Traits::SAME_TYPE_OPERANDS) && matches!(var, TypeVar::Operand(_)) {
        peers.extend((0..def.operands.len()).map(TypeVar::Operand));
    }
    for group in &def.all_types_match {
        if group.iter().any(|n| n == name) {
            if let Some(i) = group.iter().find_map(|n| def.attributes.iter().position(|a| &a.name == n)) {
                return Some(TypeSource::AttrType(i));
            }
            for n in group {
                if let Some(i) = def.operands.iter().position(|s| &s.name == n) {
                    peers.push(TypeVar::Operand(i));
                } else if let Some(i) = def.results.iter().position(|s| &s.name == n) {
                    peers.push(TypeVar::Result(i));
                }
            }
        }
    }
    let single = |v: &TypeVar| match v {
        TypeVar::Operand(i) => def.operands[*i].arity == Arity::Single,
        TypeVar::Result(i) => def.results[*i].arity == Arity::Single,
        _ => false,
    };
    let typed = |v: &TypeVar| match v {
        TypeVar::Operand(i) => typed_operands[*i],
        TypeVar::Result(i) => typed_results[*i],
        _ => false,
    };
    for m in &def.types_match_with {
        if &m.to != name {
            continue;
        }
        let from = if let Some(i) = def.operands.iter().position(|s| s.name == m.from) {
            TypeVar::Operand(i)
        } else if let Some(i) = def.results.iter().position(|s| s.name == m.from) {
            TypeVar::Result(i)
        } else {
            continue;
        };
        if single(&from) && typed(&from) {
            return Some(TypeSource::Derived(from, m.transform));
        }
    }
    peers
        .into_iter()
        .find(|p| {
            *p != var
                && single(p)
                && match p {
                    TypeVar::Operand(i) => typed_operands[*i],
                    TypeVar::Result(i) => typed_results[*i],
                    _ => false,
                }
        })
        .map(TypeSource::SameAs)
}

/// ODS reads `type($x)` of a single value into its constraint's C++ type class
/// (`RankedTensorType` for `AnyRankedTensor`, `TensorType` for `AnyTensor`, ...), and a
/// type of another kind fails right there: MLIR's "invalid kind of type specified", naming
/// the expected class when it is a concrete builtin type. The classes of the shaped-type
/// constraints, known by their ODS summaries.
pub(crate) fn type_class_error(ctx: &crate::Context, c: &TypeConstraint, t: crate::types::Type) -> Option<String> {
    use crate::types::TypeKind;
    let summary = match c {
        TypeConstraint::Custom { summary, .. } => summary.as_str(),
        TypeConstraint::AnyTensor => "tensor of",
        TypeConstraint::AnyShaped => "shaped of",
        _ => return None,
    };
    let kind = ctx.type_kind(t);
    let tensor = matches!(kind, TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. });
    let memref = matches!(kind, TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    let (fits, class) = if summary.starts_with("ranked tensor of") {
        (matches!(kind, TypeKind::RankedTensor { .. }), Some("builtin.tensor"))
    } else if summary.starts_with("ranked or unranked memref of") || summary == "BufferLikeType instance" {
        (memref, None)
    } else if summary.contains("tensor of")
        || summary.ends_with("unranked tensor")
        || summary == "TensorLikeType instance"
    {
        (tensor, None)
    } else if summary.starts_with("shaped of") {
        (tensor || memref || matches!(kind, TypeKind::Vector { .. }), None)
    } else {
        return None;
    };
    if fits {
        return None;
    }
    Some(match class {
        Some(name) => {
            format!("invalid kind of type specified: expected {name}, but found '{}'", crate::asm::print_type(ctx, t))
        }
        None => "invalid kind of type specified".into(),
    })
}

/// What kind of value an attribute variable holds, for its spelling in the custom form.
pub(crate) fn attr_spelling(c: &AttrConstraint) -> AttrSpelling<'_> {
    match c {
        AttrConstraint::Unit => AttrSpelling::Unit,
        AttrConstraint::SymbolName => AttrSpelling::SymbolName,
        AttrConstraint::TypedInteger(t) => AttrSpelling::WithoutType(*t),
        AttrConstraint::Type | AttrConstraint::TypeOf(_) => AttrSpelling::Type,
        AttrConstraint::Enum(e) => AttrSpelling::Enum(e),
        AttrConstraint::DialectKind(name) => AttrSpelling::Stripped(name),
        AttrConstraint::DenseIntArray(width) => AttrSpelling::IntArray(*width),
        _ => AttrSpelling::Full,
    }
}

#[derive(Copy, Clone, Debug)]
pub(crate) enum AttrSpelling<'d> {
    /// The attribute as it is (`printAttribute`).
    Full,
    /// An integer of a known type, written without it.
    WithoutType(crate::types::Type),
    /// A string attribute written as a symbol name (`@name`).
    SymbolName,
    /// Presence only (`UnitAttr`).
    Unit,
    /// A type attribute written as the type.
    Type,
    /// An enum written as its case keyword.
    Enum(&'d crate::dialect::EnumDef),
    /// A dense array of integers of this width written as a list (`[30, 70]`).
    IntArray(u32),
    /// A dialect attribute of a known kind (by qualified name) written without its
    /// `#dialect.mnemonic` (MLIR's `printStrippedAttrOrType`): `fastmath<fast>` for
    /// `#arith.fastmath<fast>`.
    Stripped(&'d str),
}

// ---- custom directives (`custom<Name>(...)`): hooks written in any language ----

/// An operand read by a custom directive, resolved (given its type) once the whole op has
/// been read.
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedOperand(pub(crate) crate::asm::parser::OperandToken);

impl UnresolvedOperand {
    /// Whether both name the same SSA value: an affine expression of SSA names binds each
    /// name once (MLIR's `parseAffineMapOfSSAIds`).
    pub fn same_value(&self, other: &UnresolvedOperand) -> bool {
        self.0.same_value(&other.0)
    }
}

/// What a custom directive's parser fills in for each of its arguments, in order.
#[derive(Clone, Debug)]
pub enum ParsedArg {
    /// `$operand` (a group: one, optional or variadic).
    Operands(Vec<UnresolvedOperand>),
    /// `type($x)`.
    Types(Vec<crate::types::Type>),
    /// `$attr` (None: absent).
    Attr(Option<crate::attrs::Attribute>),
    /// `$region`: the entry block's arguments the directive defines (`%arg0: i32` in a
    /// function signature), in order; the region is parsed with them when the format
    /// reaches it (MLIR's `parseRegion(region, arguments)`).
    RegionArgs(Vec<(UnresolvedOperand, crate::types::Type)>),
    /// `$successor`: the blocks read (several for a variadic successor group).
    Successors(Vec<UnresolvedSuccessor>),
    /// Anything else (`ref(...)` of an already-parsed element keeps its value here too).
    Other,
}

/// A successor block read by a custom directive (`^bb1`), resolved with the region.
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedSuccessor(pub(crate) crate::ir::BlockId);

/// A value a custom directive's printer prints (see [`DirectivePrinter::print_value`]).
#[derive(Copy, Clone, Debug)]
pub struct PrintedValue(pub(crate) crate::ir::ValueRef);

/// What a custom directive's printer gets for each of its arguments.
#[derive(Clone, Debug)]
pub enum PrintArg {
    Operands(Vec<PrintedValue>),
    Types(Vec<crate::types::Type>),
    Attr(Option<crate::attrs::Attribute>),
    /// `$region`: its entry block's arguments (none for an empty region). The region itself
    /// then prints without its entry block's header: the directive printed the arguments.
    RegionArgs(Vec<PrintedValue>),
    /// `$successor`: its blocks (all of a variadic successor group).
    Successors(Vec<PrintedBlock>),
    Other,
}

/// A successor a custom directive's printer prints (see [`DirectivePrinter::print_successor`]).
#[derive(Copy, Clone, Debug)]
pub struct PrintedBlock(pub(crate) u32);

/// The token stream a custom directive reads, in MLIR's `OpAsmParser` vocabulary. Every
/// error carries the position of the token it is about.
pub trait DirectiveParser {
    fn context(&self) -> &crate::Context;
    fn parse_operand(&mut self) -> Result<UnresolvedOperand, crate::dialect::AsmError>;
    /// A new SSA name (`%arg0`) for a region's entry block argument.
    fn parse_argument(&mut self) -> Result<UnresolvedOperand, crate::dialect::AsmError>;
    /// `(%i, %j)` or `()`: new SSA names in parentheses (MLIR's `parseArgumentList` with
    /// `Delimiter::Paren`).
    fn parse_argument_list(&mut self) -> Result<Vec<UnresolvedOperand>, crate::dialect::AsmError> {
        self.parse_punct("(")?;
        let mut args = Vec::new();
        if self.parse_optional_punct(")")? {
            return Ok(args);
        }
        loop {
            args.push(self.parse_argument()?);
            if !self.parse_optional_punct(",")? {
                break;
            }
        }
        self.parse_punct(")")?;
        Ok(args)
    }
    /// Whether the next token is an SSA name (`%...`).
    fn at_operand(&self) -> bool;
    /// `loc(...)` after a region argument read with [`DirectiveParser::parse_argument`], if
    /// present: that argument's location (MLIR's `parseOptionalLocationSpecifier`).
    fn parse_optional_location(&mut self, arg: UnresolvedOperand) -> Result<(), crate::dialect::AsmError>;
    fn parse_optional_operand(&mut self) -> Result<Option<UnresolvedOperand>, crate::dialect::AsmError>;
    /// A successor block name (`^bb1`).
    fn parse_successor(&mut self) -> Result<UnresolvedSuccessor, crate::dialect::AsmError>;
    /// Whether the next token is a block name (`^...`).
    fn at_successor(&self) -> bool;
    /// A signed integer literal (`42`, `-1`, `0x10`), if the next token starts one (MLIR's
    /// `parseOptionalInteger`); an error when it does not fit in 64 bits.
    fn parse_optional_integer(&mut self) -> Result<Option<i64>, crate::dialect::AsmError>;
    /// `keyword`, or an error `expected 'keyword'`.
    fn parse_keyword(&mut self, keyword: &str) -> Result<(), crate::dialect::AsmError>;
    /// The next bare identifier, if the next token is one.
    fn parse_optional_keyword(&mut self) -> Result<Option<String>, crate::dialect::AsmError>;
    /// Whether the next token is `keyword` (not consumed).
    fn at_keyword(&self, keyword: &str) -> bool;
    /// Whether the next token is the punctuation `punct` (not consumed).
    fn at_punct(&self, punct: &str) -> bool;
    /// Punctuation such as `(`, `,`, `:`, `->`, `=`.
    fn parse_punct(&mut self, punct: &str) -> Result<(), crate::dialect::AsmError>;
    fn parse_optional_punct(&mut self, punct: &str) -> Result<bool, crate::dialect::AsmError>;
    fn parse_type(&mut self) -> Result<crate::types::Type, crate::dialect::AsmError>;
    fn parse_attribute(&mut self) -> Result<crate::attrs::Attribute, crate::dialect::AsmError>;
    /// An attribute whose type is `ty` when the text leaves it out (`dense<[1, 2]>` without
    /// `: tensor<2xi32>`; MLIR's `parseAttribute(attr, type)`).
    fn parse_attribute_with_type(
        &mut self,
        ty: crate::types::Type,
    ) -> Result<crate::attrs::Attribute, crate::dialect::AsmError> {
        let _ = ty;
        self.parse_attribute()
    }
    /// A string literal, if the next token is one.
    fn parse_optional_string(&mut self) -> Result<Option<String>, crate::dialect::AsmError>;
    /// An error at the current token.
    fn error(&self, message: &str) -> crate::dialect::AsmError;
    /// Where the next token starts (MLIR's `getCurrentLocation`), for [`DirectiveParser::error_at`].
    fn current_location(&self) -> usize;
    /// An error at a location taken earlier with [`DirectiveParser::current_location`].
    fn error_at(&self, location: usize, message: &str) -> crate::dialect::AsmError;
    /// An error at the op's name, as a custom parser's `emitError(getNameLoc(), ...)`:
    /// `custom op 'dialect.name' message`.
    fn op_error(&self, message: &str) -> crate::dialect::AsmError {
        self.error(message)
    }
}

/// Where a custom directive's printer writes, in MLIR's `OpAsmPrinter` vocabulary.
pub trait DirectivePrinter {
    fn context(&self) -> &crate::Context;
    fn write(&mut self, text: &str);
    fn print_value(&mut self, value: PrintedValue);
    /// ` loc(...)`: a block argument's location, when locations are printed
    /// (`--mlir-print-debuginfo`; MLIR's `printOptionalLocationSpecifier`).
    fn print_optional_location(&mut self, value: PrintedValue);
    fn print_type(&mut self, ty: crate::types::Type);
    fn print_attribute(&mut self, attr: crate::attrs::Attribute);
    fn print_successor(&mut self, block: PrintedBlock);
    /// A new line at the op's indentation (MLIR's `printNewline`).
    fn print_newline(&mut self);
    /// MLIR's `printAttributeWithoutType`: an integer or float without `: type`, an elements
    /// attribute without its shaped type.
    fn print_attribute_without_type(&mut self, attr: crate::attrs::Attribute) {
        self.print_attribute(attr);
    }
}

/// Reads a custom directive's text, filling its arguments.
pub type DirectiveParseFn = std::sync::Arc<
    dyn Fn(&mut dyn DirectiveParser, &mut [ParsedArg]) -> Result<(), crate::dialect::AsmError> + Send + Sync,
>;
/// Prints a custom directive's text from its arguments.
pub type DirectivePrintFn = std::sync::Arc<dyn Fn(&mut dyn DirectivePrinter, &[PrintArg]) + Send + Sync>;

/// A `custom<Name>` directive's hooks, registered per dialect.
#[derive(Clone)]
pub struct CustomDirective {
    pub parse: DirectiveParseFn,
    pub print: DirectivePrintFn,
    /// Whether the printer writes the locations of the region arguments it defines
    /// ([`DirectivePrinter::print_optional_location`], as a function signature does): with
    /// debug info, only then do those locations take part in alias numbering.
    pub prints_argument_locations: bool,
    /// Which of its attribute arguments the printer prints as attributes (given each
    /// argument's attribute, `None` for other arguments), when not all: MLIR collects aliases
    /// from what a custom printer prints, so a map printed as SSA expressions (`%i + 1`) or
    /// as a shorthand gets none. `None`: every attribute argument.
    pub printed_attributes: Option<PrintedAttrsFn>,
    /// Whether printing nothing also takes back the space written before the directive
    /// (hand-written upstream printers that write their own leading space only when they
    /// print something; ODS formats keep it).
    pub no_space_when_empty: bool,
    /// Whether the directive has something to print, for an optional group it anchors
    /// (by default: whether its first argument is present).
    pub present: Option<DirectivePresentFn>,
}

/// See [`CustomDirective::printed_attributes`].
pub type PrintedAttrsFn = std::sync::Arc<
    dyn Fn(&crate::Context, &[Option<crate::attrs::Attribute>]) -> Vec<crate::attrs::Attribute> + Send + Sync,
>;

/// Whether a custom directive anchoring an optional group has something to print.
pub type DirectivePresentFn = std::sync::Arc<dyn Fn(&crate::Context, &[PrintArg]) -> bool + Send + Sync>;

impl CustomDirective {
    pub fn new(parse: DirectiveParseFn, print: DirectivePrintFn) -> CustomDirective {
        CustomDirective {
            parse,
            print,
            prints_argument_locations: false,
            printed_attributes: None,
            no_space_when_empty: false,
            present: None,
        }
    }
}
