#!/usr/bin/env python3
"""Differential test cases for the TemplateEngine, rendered by Jinja2 as the reference.

Protocol
--------
``python3 Tests/jinja/differential.py --seed 1 --count 2000`` prints ``count`` lines, one
JSON object each (``json.dumps(..., ensure_ascii=False, sort_keys=True)``)::

    {"id": 7, "main": "main.html",
     "templates": {"main.html": "...", "base.html": "...", "part.html": "...", "lib.html": "..."},
     "context": {...},
     "jinja": {"output": "..."}}          # or {"error": "TypeError: ..."}

``templates`` holds every template of the case (the main one, and the ``base``, ``part``
and ``lib`` helpers it extends, includes or imports, with the main template's extension).
``context`` is the render data. ``jinja`` is what Jinja2 produced: the output, or the
exception (``Name: message``) it raised while loading or rendering.

Tests/TemplateEngineTests/JinjaDifferentialTests.swift spawns this script, renders each case
with our engine (templates by name, ``main`` with ``context``) and compares: the outputs must
be equal, and when Jinja2 raised our engine must report an error too.

The same seed always gives the same cases (each case has its own ``random.Random`` seeded
with ``"<seed>:<id>"``, so ``--only ID`` regenerates a single case, and ``--jobs N`` renders in
N processes with the same output). ``--case-file F`` (``-`` for stdin) reads a JSON object
with ``templates``, ``main`` and ``context`` (for example one output line, edited) and prints
only Jinja2's result (``{"output": ...}`` or ``{"error": ...}``), for triage.

Jinja2 compiles every template, which dominates the time: about 2 ms a case (3000 cases in
about 6 s on one core).

What is generated
-----------------
Only the common subset whose meaning is the same in both engines: a grammar-based generator
with a depth limit that tracks the static type of every expression (and, for strings, whether
they may be markup, may contain a double quote, ...), so that filters, operators and tests
are only applied where both engines agree. The Jinja2 environment neutralises the
documented printing differences: ``finalize`` prints values the way our engine does (none
as nothing, booleans as ``true``/``false``, lists joined by ", ", maps as compact JSON with
sorted keys and ``<>&`` escaped), and ``&#34;`` in the output becomes ``&quot;``.

Deliberately not generated (documented differences, see docs/templates.md): printing or
joining none/bools/lists/maps other than through ``{{ }}``; ``/``, ``**`` and floats;
``default(x)`` without ``true`` on a none value (ours: the fallback, Jinja: none); positional
``sort`` arguments; ``sort``/``unique`` on mixed-case text; loops over strings or unsorted
maps, two-variable loops, ``loop.cycle``; text before ``extends``; undefined values in
operations; out-of-range indexes; ``range`` outside ``for``.
Also avoided, as unclear or engine-specific rather than documented: length, order, substring
or case changes of text holding an escaped ``"`` (``&#34;`` vs ``&quot;``); ``| e`` on a value
that is markup in one engine and plain text in the other (in .txt, ``~``, ``join``,
``replace`` and macro calls drop the mark in Jinja); ``length``/``last``/index/truth of
Jinja's lazy results (``reverse``, ``unique``, ``map``); ``|first``/``|last`` of a maybe-empty
list or string other than printed (Jinja's undefined vs our none); macros reading set
variables, ``import``-ed macros reading the data (Jinja imports without context); ``loop``
in a ``for``'s ``else``; sets in a ``for``'s ``else``; mixing ``~`` and ``+``/``-`` without
parentheses; a test directly on a negation (``(-x) is even``) or as an arithmetic or
comparison operand; a test without argument before a conditional's ``if``; ``replace`` with
an empty ``old``; ``==``/``in`` across types (in Jinja ``1 == true``).
"""

import argparse
import json
import random
import re
import sys

import jinja2

# ---------------------------------------------------------------------------------------------
# Jinja2 side: rendering with printing that matches our engine.


def _json_text(value):
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=_text)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _text(value):
    """The text our engine prints for a value (a Markup item gives its text)."""
    if value is None or isinstance(value, jinja2.Undefined):
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return _json_text(value)
    try:
        items = iter(value)
    except TypeError:
        return str(value)
    return ", ".join(_text(item) for item in items)


def print_text(value):
    """How our engine prints a ``{{ }}`` value; strings (and Markup) stay as they are so that
    autoescaping still applies to plain text only."""
    if isinstance(value, str):
        return value
    return _text(value)


@jinja2.pass_eval_context
def finalize(eval_ctx, value):
    # Taking the evaluation context keeps Jinja2 from printing constant expressions at
    # compile time, where it escapes them before finalizing (`{{ none }}` would give "None").
    return print_text(value)


def render_jinja(templates, main, context):
    env = jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        autoescape=lambda name: name is not None and name.endswith(".html"),
        keep_trailing_newline=True,
        undefined=jinja2.Undefined,
        finalize=finalize,
        optimized=False,  # no compile-time folding: every expression is evaluated when rendering
    )
    try:
        output = env.get_template(main).render(context)
    except Exception as error:  # any failure while parsing or rendering
        return {"error": "%s: %s" % (type(error).__name__, error)}
    return {"output": output.replace("&#34;", "&quot;")}


# ---------------------------------------------------------------------------------------------
# Static types.


class T:
    """The static type of an expression.

    k: int, str, bool, none, list, map, undef (an undefined variable or member), pundef (maybe
    Jinja's Undefined, maybe our null: print only) or any (print and truth only).
    For strings: mk (may be markup), unsure (markup in one engine, plain in the other),
    q (may contain a raw double quote), ent (may contain an escaped double quote, which is
    ``&#34;`` in Jinja and ``&quot;`` in ours), ascii, lc (only a-z), digits, ne (not empty).
    For lists: elem, minn (least length), n (exact length or None), lazy (an iterator in Jinja:
    no length, last, index or truth). For maps: fields (name -> T).
    """

    __slots__ = ("k", "mk", "unsure", "q", "ent", "ascii", "lc", "digits", "ne", "elem", "minn",
                 "n", "lazy", "fields")

    def __init__(self, k, **kw):
        self.k = k
        self.mk = self.unsure = self.q = self.ent = False
        self.ascii = self.lc = self.digits = self.ne = False
        self.elem = None
        self.minn = 0
        self.n = None
        self.lazy = False
        self.fields = None
        for key, value in kw.items():
            setattr(self, key, value)

    def but(self, **kw):
        copy = T(self.k)
        for key in T.__slots__:
            setattr(copy, key, getattr(self, key))
        for key, value in kw.items():
            setattr(copy, key, value)
        return copy


INT = T("int")
BOOL = T("bool")
NONE = T("none")
UNDEF = T("undef")
PUNDEF = T("pundef")
ANY = T("any")
CONCRETE = ("int", "str", "bool", "none", "list", "map")


def t_str(s, mk=False):
    return T("str", mk=mk, q='"' in s, ascii=s.isascii(), lc=bool(re.fullmatch("[a-z]*", s)),
             digits=s.isascii() and s.isdigit(), ne=bool(s))


def t_int_text():
    return T("str", ascii=True, ne=True)


def merge(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a.k != b.k:
        return ANY
    k = a.k
    if k == "str":
        return T("str", mk=a.mk or b.mk, unsure=a.unsure or b.unsure, q=a.q or b.q,
                 ent=a.ent or b.ent, ascii=a.ascii and b.ascii, lc=a.lc and b.lc,
                 digits=a.digits and b.digits, ne=a.ne and b.ne)
    if k == "list":
        return T("list", elem=merge(a.elem, b.elem), minn=min(a.minn, b.minn),
                 n=a.n if a.n == b.n else None, lazy=a.lazy or b.lazy)
    if k == "map":
        return T("map", fields={f: merge(a.fields[f], b.fields[f])
                                for f in a.fields if f in b.fields})
    return a


def t_of(value, elem_hint=None):
    if value is None:
        return NONE
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return t_str(value)
    if isinstance(value, list):
        elem = None
        for item in value:
            elem = merge(elem, t_of(item))
        if elem is None:
            elem = elem_hint
        return T("list", elem=elem, minn=len(value), n=len(value))
    if isinstance(value, dict):
        return T("map", fields={k: t_of(v) for k, v in value.items()})
    raise TypeError(value)


def may_quote(t):
    """Whether printing a value of type t may write a double quote (escaped: an entity)."""
    if t.k == "str":
        return t.q or t.ent
    if t.k == "list":
        return t.elem is None or may_quote(t.elem)
    return t.k in ("map", "any", "pundef")


# ---------------------------------------------------------------------------------------------
# Pools.

STR_POOL = ["", "a", "hello", "Hello World", "x<y", "a > b", "Tom & Jerry", 'say "hi"', "it's",
            "  padded  ", "café", "Straße", "<b>bold</b>", "ÉCOLE", "mixed Case", "42", "7",
            "zebra", "apple", "naïve", "a, b", "-", "O'Neil", "1 < 2 & 3", "über", "x"]
LC_POOL = ["apple", "banana", "cherry", "kiwi", "fig", "lime", "a", "b", "zz", "", "mango"]
LIT_POOL = STR_POOL + ["tab\there", "line\nbreak", "back\\slash", "<i>", "&", "<", '"', "'",
                       "b", "Ab", " "]
NEEDLES = ["", "a", "e", "l", " ", "<", "&", "hi", "ll", "x", "é", "'"]
REPL_OLD = ["a", "e", "o", " ", "l", "x", "é", "<", "&", '"', "ll"]
REPL_OLD_PLAIN = ["a", "e", "o", " ", "l", "x", "ll"]
REPL_NEW = ["-", "", "_", "X", "<", "&", "'", "é", "[]"]
REPL_NEW_PLAIN = ["-", "", "_", "X", "é", "[]"]
SEPS = ["", ", ", "-", " | ", "<br>", "&", "/", " ", '"']
TEXT_POOL = [" ", "\n", "  ", "Hi", "x", ": ", ", ", " - ", "=", "(", ")", "[", "]", "!", "?",
             "é", "ok", "\n  ", "a b", "'", '"', "\t", "end", "/", "*", "Straße ", "\n\n"]
HTML_TEXT_POOL = ["<p>", "</p>", "<b>", "</b>", "<li>", "<br>"]
RAW_POOL = ["{{ x }}", "{% if a %}", "{# c #}", " raw ", "a }} b", "{{", "%}", "{{ a|upper }}",
            "\n"]
COMMENT_POOL = [" note ", " {{ x }} ", " todo ", " {% if a %} ", "", "\nline\n"]

INT_NAMES = ["a", "b", "n", "k", "qty"]
STR_NAMES = ["s", "name", "title", "msg"]
BOOL_NAMES = ["flag", "ok"]
NONE_NAMES = ["nothing", "nil"]
UNDEF_NAMES = ["missing", "ghost", "nope"]
SET_NAMES = ["t", "u", "v", "w", "total", "label", "x", "y"]
LOOP_NAMES = ["i", "j", "item", "it", "row", "elem"]
MACRO_NAMES = ["badge", "cell", "wrap", "box", "pill"]
BLOCK_NAMES = ["title", "content", "side", "foot"]
MISSING_FIELDS = ["nick2", "zip", "color"]

# Expression levels, loosest to tightest (Jinja's grammar).
COND, OR, AND, NOT, CMP, ADD, CAT, MUL, UNARY, FILT, POST, ATOM = range(1, 13)


class N:
    """A generated expression: its code, its level (for parentheses) and its type."""

    __slots__ = ("code", "lv", "t", "neg")

    def __init__(self, code, lv, t, neg=False):
        self.code = code
        self.lv = lv
        self.t = t
        self.neg = neg


class Macro:
    def __init__(self, name, kind, has_size, arg_q, flag):
        self.name = name
        self.kind = kind          # the first parameter's kind: int or str
        self.has_size = has_size  # a second parameter `size=<int>`
        self.arg_q = arg_q        # whether the first argument may contain a double quote
        self.flag = flag          # whether its output may contain a double quote


class Fail(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# The generator.


class Gen:
    def __init__(self, rng, html):
        self.r = rng
        self.html = html
        self.env = {}
        self.data = {}
        self.loop = 0
        self.macros = {}
        self.imports = {}
        self.part = None          # name of the includable template, if any
        self.printed_quote = False
        self.in_macro = False
        # Loops generated so far, and the count at the start of each enclosing frame (the
        # template, a block, a loop body): Jinja makes a name that a frame sets anywhere
        # undefined in a loop of that frame that runs before the `set` (a documented
        # difference), so after a loop a frame sets only names it has not seen.
        self.loops_made = 0
        self.frame_marks = [0]

    # -- helpers --------------------------------------------------------------------------

    def p(self, x):
        return self.r.random() < x

    def ch(self, seq):
        return self.r.choice(seq)

    def pick(self, options):
        """options: (weight, fn); tries weighted choices until one gives a node."""
        options = [o for o in options if o[0] > 0]
        for _ in range(8):
            total = sum(w for w, _ in options)
            x = self.r.random() * total
            for w, fn in options:
                x -= w
                if x <= 0:
                    break
            node = fn()
            if node is not None:
                return node
        return None

    def wrap(self, node, lv):
        if node.lv < lv or (node.lv < ATOM and self.p(0.04)):
            return "(" + node.code + ")"
        return node.code

    def vars(self, pred):
        return [(name, t) for name, t in self.env.items() if pred(t)]

    def quote(self, s):
        if "'" in s and '"' not in s:
            q = '"'
        elif '"' in s and "'" not in s:
            q = "'"
        else:
            q = self.ch("\"'")
        out = [q]
        for c in s:
            if c == "\\":
                out.append("\\\\")
            elif c == "\n":
                out.append("\\n")
            elif c == "\t":
                out.append("\\t")
            elif c == q:
                out.append("\\" + q)
            else:
                out.append(c)
        out.append(q)
        return "".join(out)

    def lit_str(self, pool=None):
        s = self.ch(pool or LIT_POOL)
        return N(self.quote(s), ATOM, t_str(s))

    def lit_int(self):
        if self.p(0.7):
            i = self.ch([0, 1, 2, 3, 4, 5, 7, 10, 12, 20])
        else:
            i = self.r.randint(0, 30)
        return N(str(i), ATOM, INT)

    def var(self, pred):
        found = self.vars(pred)
        if not found:
            return None
        name, t = self.ch(found)
        return N(name, ATOM, t)

    # -- maps and members -----------------------------------------------------------------

    def mapref(self, d):
        """A map reached by name (a variable, a member, an index, a first item)."""
        opts = [(3, lambda: self.var(lambda t: t.k == "map"))]
        opts.append((2, lambda: self.lmap_item()))
        opts.append((1, lambda: self.nested_map()))
        return self.pick(opts)

    def lmap_item(self):
        found = self.vars(lambda t: t.k == "list" and not t.lazy and t.minn >= 1
                          and t.elem is not None and t.elem.k == "map")
        if not found:
            return None
        name, t = self.ch(found)
        if self.p(0.7):
            i = self.r.randint(-t.minn, t.minn - 1)
            return N("%s[%d]" % (name, i), POST, t.elem)
        return N("(%s|%s)" % (name, self.ch(["first", "last"])), ATOM, t.elem)

    def nested_map(self):
        m = self.var(lambda t: t.k == "map" and any(f.k == "map" for f in t.fields.values()))
        if m is None:
            return None
        field = self.ch([f for f, ft in m.t.fields.items() if ft.k == "map"])
        return N("%s.%s" % (m.code, field), POST, m.t.fields[field])

    def member(self, pred, d=1):
        m = self.mapref(d)
        if m is None:
            return None
        fields = [f for f, ft in m.t.fields.items() if pred(ft)]
        if not fields:
            return None
        f = self.ch(fields)
        if self.p(0.75):
            code = "%s.%s" % (self.wrap(m, POST), f)
        else:
            code = '%s[%s]' % (self.wrap(m, POST), self.quote(f))
        return N(code, POST, m.t.fields[f])

    def lit_map(self, d):
        fields = sorted(self.r.sample(["name", "age", "tag", "price", "city", "score"],
                                      self.r.randint(1, 3)))
        parts, types = [], {}
        for f in fields:
            v = self.pick([(3, lambda: self.lit_int()), (3, lambda: self.lit_str()),
                           (1, lambda: N(self.ch(["true", "false"]), ATOM, BOOL)),
                           (0.5, lambda: N("none", ATOM, NONE)),
                           (1, lambda: self.gen("int", d - 1) if d > 0 else None),
                           (1, lambda: self.gen("str", d - 1) if d > 0 else None)])
            if v is None or v.t.k in ("undef", "pundef", "any"):
                v = self.lit_int()
            parts.append("%s: %s" % (self.quote(f), v.code))
            types[f] = v.t
        return N("{" + ", ".join(parts) + "}", ATOM, T("map", fields=types))

    # -- dispatch -------------------------------------------------------------------------

    def gen(self, kind, d):
        fn = {"int": self.gen_int, "str": self.gen_str, "bool": self.gen_bool,
              "list": self.gen_list, "map": self.gen_map}[kind]
        node = None
        for _ in range(4):
            node = fn(d)
            if node is not None and node.t.k == kind:
                break
            node = None
        if node is None:
            node = {"int": self.lit_int, "str": self.lit_str,
                    "bool": lambda: N("true", ATOM, BOOL),
                    "list": lambda: N("[1, 2, 3]", ATOM, T("list", elem=INT, minn=3, n=3)),
                    "map": lambda: self.lit_map(0)}[kind]()
        return node

    def gen_where(self, kind, d, ok, tries=6):
        for _ in range(tries):
            node = self.gen(kind, d)
            if ok(node.t):
                return node
        return None

    # -- int ------------------------------------------------------------------------------

    def gen_int(self, d):
        opts = [(3, self.lit_int),
                (3, lambda: self.var(lambda t: t.k == "int")),
                (2, lambda: self.member(lambda t: t.k == "int")),
                (1.5 if self.loop else 0, lambda: N(
                    "loop." + self.ch(["index", "index0", "length", "revindex", "revindex0"]),
                    POST, INT))]
        if d > 0:
            opts += [(2.5, lambda: self.arith(d)),
                     (1, lambda: self.divmod(d)),
                     (1, lambda: self.negate(d)),
                     (1, lambda: self.absval(d)),
                     (1.5, lambda: self.length(d)),
                     (1, lambda: self.total(d)),
                     (1, lambda: self.item_of(d, lambda t: t.k == "int")),
                     (0.7, lambda: self.to_int(d)),
                     (0.6, lambda: self.cond_expr("int", d)),
                     (0.5, lambda: self.defaulted("int", d))]
        return self.pick(opts)

    def arith(self, d):
        a, b = self.gen("int", d - 1), self.gen("int", d - 1)
        op = self.ch(["+", "-", "*", "+", "-"])
        if op == "*" and d > 1 and self.p(0.5):
            b = self.lit_int()
        if op in "+-":
            code = "%s %s %s" % (self.wrap(a, ADD), op, self.wrap(b, CAT if op == "-" else ADD + 1))
            return N(code, ADD, INT)
        return N("%s * %s" % (self.wrap(a, MUL), self.wrap(b, UNARY)), MUL, INT)

    def divmod(self, d):
        a = self.gen("int", d - 1)
        if self.p(0.9):
            b = N(str(self.r.randint(1, 7)), ATOM, INT)
        else:
            b = self.gen("int", 0)  # may be zero: an error in both engines
        op = self.ch(["//", "%"])
        return N("%s %s %s" % (self.wrap(a, MUL), op, self.wrap(b, UNARY)), MUL, INT)

    def negate(self, d):
        a = self.gen("int", d - 1)
        return N("-" + self.wrap(a, POST), UNARY, INT, neg=True)

    def absval(self, d):
        a = self.gen("int", d - 1)
        if not a.neg and self.p(0.4):
            a = self.negate(d)
        # `-n|abs` is abs(-n) in Jinja: the negation is the filter's subject.
        subject = a.code if (a.neg and self.p(0.7)) else self.wrap(a, POST)
        return N(subject + "|abs", FILT, INT)

    def length(self, d):
        s = self.pick([
            (2, lambda: self.gen_where("list", d - 1, lambda t: t.k == "list" and not t.lazy)),
            (2, lambda: self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)),
            (1, lambda: self.gen_where("map", d - 1, lambda t: t.k == "map"))])
        if s is None:
            return None
        return N("%s|%s" % (self.wrap(s, UNARY), self.ch(["length", "length", "count"])),
                 FILT, INT)

    def total(self, d):
        if self.p(0.6):
            s = self.gen_where("list", d - 1, lambda t: t.elem is not None and t.elem.k == "int")
            if s is None:
                return None
            return N(self.wrap(s, UNARY) + "|sum", FILT, INT)
        s = self.gen_where("list", d - 1, lambda t: t.elem is not None and t.elem.k == "map"
                           and any(f.k == "int" for f in t.elem.fields.values()))
        if s is None:
            return None
        f = self.ch([f for f, ft in s.t.elem.fields.items() if ft.k == "int"])
        return N('%s|sum(attribute=%s)' % (self.wrap(s, UNARY), self.quote(f)), FILT, INT)

    def item_of(self, d, pred, allow_pundef=False):
        """The first, last or an indexed item of a list (or the first or last char of a
        string) whose item type satisfies pred."""
        s = self.gen_where("list", d - 1, lambda t: t.elem is not None and pred(t.elem))
        if s is None:
            return None
        t = s.t
        if t.minn == 0:
            if not allow_pundef:
                return None
            how = "last" if (not t.lazy and self.p(0.5)) else "first"
            return N("%s|%s" % (self.wrap(s, UNARY), how), FILT, PUNDEF)
        choices = ["first"] + ([] if t.lazy else ["last", "index"])
        how = self.ch(choices)
        if how == "index":
            i = self.r.randint(-t.minn, t.minn - 1)
            return N("%s[%d]" % (self.wrap(s, POST), i), POST, t.elem)
        return N("%s|%s" % (self.wrap(s, UNARY), how), FILT, t.elem)

    def to_int(self, d):
        s = self.gen_where("str", d - 1, lambda t: t.k == "str" and t.digits and not t.ent
                           and not t.mk)
        if s is None:
            s = self.gen("int", d - 1)
        return N(self.wrap(s, UNARY) + "|int", FILT, INT)

    def cond_expr(self, kind, d):
        a = self.gen(kind, d - 1)
        c = self.gen_cond(d - 1)
        b = self.gen(kind, d - 1)
        # A test without argument would take a following `if` as its argument: parenthesize.
        body = self.wrap(a, OR)
        if re.search(r"\bis (not )?[a-z]+$", body):
            body = "(" + body + ")"
        code = "%s if %s else %s" % (body, self.wrap(c, OR), self.wrap(b, COND))
        return N(code, COND, merge(a.t, b.t))

    def undefined_ref(self):
        opts = [(2, lambda: N(self.ch(UNDEF_NAMES), ATOM, UNDEF)),
                (1, lambda: self.missing_member())]
        return self.pick(opts)

    def missing_member(self):
        m = self.mapref(0)
        if m is None:
            return None
        return N("%s.%s" % (self.wrap(m, POST), self.ch(MISSING_FIELDS)), POST, UNDEF)

    def defaulted(self, kind, d):
        """`x|default(y)` on an undefined x, `|default(y, true)` on a none or kind value."""
        name = self.ch(["default", "default", "d"])
        fallback = self.gen(kind, d - 1)
        if fallback.t.k != kind:
            return None
        r = self.r.random()
        if r < 0.5:
            subject = self.undefined_ref()
            if subject is None:
                return None
            args, t = fallback.code, fallback.t
        elif r < 0.75:
            subject = self.gen_where(kind, d - 1, lambda t: t.k == kind)
            if subject is None:
                return None
            args, t = fallback.code, subject.t
        else:
            subject = self.pick([(1, lambda: self.var(lambda t: t.k == "none")),
                                 (2, lambda: self.gen_where(kind, d - 1,
                                                            lambda t: t.k == kind))])
            if subject is None:
                return None
            args = fallback.code + ", true"
            t = fallback.t if subject.t.k == "none" else merge(subject.t, fallback.t)
        if kind == "list" and t.lazy:
            return None
        return N("%s|%s(%s)" % (self.wrap(subject, UNARY), name, args), FILT, t)

    # -- str ------------------------------------------------------------------------------

    def gen_str(self, d):
        opts = [(3, self.lit_str),
                (3, lambda: self.var(lambda t: t.k == "str")),
                (2, lambda: self.member(lambda t: t.k == "str"))]
        if d > 0:
            opts += [(2.5, lambda: self.concat(d)),
                     (3, lambda: self.text_filter(d)),
                     (1, lambda: self.replace(d)),
                     (1.2, lambda: self.escape(d)),
                     (1.5, lambda: self.join(d)),
                     (1, lambda: self.item_of(d, lambda t: t.k == "str")),
                     (0.7, lambda: self.char_of(d)),
                     (0.5, lambda: self.cond_expr("str", d)),
                     (0.7, lambda: self.defaulted("str", d)),
                     (0.4, lambda: self.str_or(d)),
                     (2 if (self.macros or self.imports) else 0, lambda: self.call(d))]
        return self.pick(opts)

    def str_or_int(self, d):
        if self.p(0.7):
            return self.gen("str", d)
        return self.gen("int", d)

    def concat(self, d):
        ops = [self.str_or_int(d - 1) for _ in range(self.ch([2, 2, 3]))]
        ts = [o.t if o.t.k == "str" else t_int_text() for o in ops]
        any_mk = any(t.mk for t in ts)
        any_q = any(t.q for t in ts)
        t = T("str",
              mk=self.html and any_mk,
              unsure=any(t.unsure for t in ts) or (not self.html and any_mk),
              q=any_q,
              ent=any(t.ent for t in ts) or (self.html and any_mk and any_q),
              ascii=all(t.ascii for t in ts), lc=all(t.lc for t in ts),
              digits=False, ne=any(t.ne for t in ts))
        code = " ~ ".join([self.wrap(ops[0], CAT)] + [self.wrap(o, MUL) for o in ops[1:]])
        return N(code, CAT, t)

    def text_filter(self, d):
        f = self.ch(["upper", "lower", "trim", "string", "capitalize", "upper", "lower"])
        if f == "string" and self.p(0.3):
            s = self.gen("int", d - 1)
            return N(self.wrap(s, POST) + "|string", FILT, t_int_text())
        s = self.gen_where("str", d - 1, lambda t: t.k == "str")
        if s is None:
            return None
        t = s.t
        if f == "upper":
            if t.ent:
                return None
            t = t.but(lc=False)
        elif f == "lower":
            t = t.but(lc=False, digits=t.digits)
        elif f == "trim":
            t = t.but(ne=False, lc=t.lc)
        elif f == "capitalize":
            if t.ent or not t.ascii:
                return None
            t = t.but(lc=False)
        return N("%s|%s" % (self.wrap(s, UNARY), f), FILT, t)

    def replace(self, d):
        s = self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
        if s is None:
            return None
        plain = not s.t.mk and not s.t.unsure
        old = self.ch(REPL_OLD if plain else REPL_OLD_PLAIN)
        new = self.ch(REPL_NEW if plain else REPL_NEW_PLAIN)
        t = s.t.but(q=s.t.q or '"' in new, ascii=s.t.ascii and new.isascii(), lc=False,
                    digits=False, ne=False,
                    unsure=s.t.unsure or (not self.html and s.t.mk))
        return N("%s|replace(%s, %s)" % (self.wrap(s, UNARY), self.quote(old), self.quote(new)),
                 FILT, t)

    def escape(self, d):
        f = self.ch(["e", "escape", "safe", "e"])
        if self.p(0.15):
            s = self.gen("int", d - 1)
            return N("%s|%s" % (self.wrap(s, POST), f), FILT, t_int_text().but(mk=True))
        s = self.gen_where("str", d - 1, lambda t: t.k == "str" and (f == "safe" or not t.unsure))
        if s is None:
            return None
        t = s.t
        if f == "safe":
            t = t.but(mk=True, unsure=False)
        else:  # plain text is escaped (a quote becomes an entity), markup stays
            t = T("str", mk=True, q=t.q and t.mk, ent=t.ent or t.q, ascii=t.ascii, ne=t.ne,
                  lc=t.lc, digits=t.digits)
        return N("%s|%s" % (self.wrap(s, UNARY), f), FILT, t)

    def join(self, d):
        sep = self.ch(SEPS)
        if self.p(0.25):
            s = self.gen_where("list", d - 1, lambda t: t.elem is not None and t.elem.k == "map"
                               and any(f.k in ("str", "int") for f in t.elem.fields.values()))
            if s is None:
                return None
            field = self.ch([f for f, ft in s.t.elem.fields.items() if ft.k in ("str", "int")])
            elem = s.t.elem.fields[field]
            code = "%s|join(%s, attribute=%s)" % (self.wrap(s, UNARY), self.quote(sep),
                                                   self.quote(field))
        else:
            s = self.gen_where("list", d - 1, lambda t: t.elem is not None
                               and t.elem.k in ("str", "int"))
            if s is None:
                return None
            elem = s.t.elem
            if sep == "" and self.p(0.5):
                code = self.wrap(s, UNARY) + "|join"
            else:
                code = "%s|join(%s)" % (self.wrap(s, UNARY), self.quote(sep))
        if elem.k == "int":
            elem = t_int_text()
        sep_q = '"' in sep
        t = T("str", mk=self.html and elem.mk,
              unsure=elem.unsure or (not self.html and elem.mk),
              q=elem.q or sep_q,
              ent=elem.ent or (self.html and elem.mk and (elem.q or sep_q)),
              ascii=elem.ascii and sep.isascii())
        return N(code, FILT, t)

    def char_of(self, d, pundef_ok=False):
        s = self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
        if s is None:
            return None
        how = self.ch(["first", "last"])
        code = "%s|%s" % (self.wrap(s, UNARY), how)
        if not s.t.ne:
            return N(code, FILT, PUNDEF) if pundef_ok else None
        return N(code, FILT, T("str", q=s.t.q, ascii=s.t.ascii, lc=s.t.lc, digits=s.t.digits,
                                ne=True))

    def str_or(self, d):
        a, b = self.gen("str", d - 1), self.gen("str", d - 1)
        if a.t.k != "str" or b.t.k != "str":
            return None
        return N("%s or %s" % (self.wrap(a, OR), self.wrap(b, AND)), OR, merge(a.t, b.t))

    def call(self, d):
        choices = [(None, m) for m in self.macros.values()]
        for alias, macros in self.imports.items():
            choices += [(alias, m) for m in macros.values()]
        if not choices:
            return None
        alias, m = self.ch(choices)
        arg = self.gen_where(m.kind, max(d - 1, 0), lambda t: t.k == m.kind and not t.ent
                             and (m.arg_q or not t.q))
        if arg is None:
            return None
        args = [arg.code]
        if m.has_size and self.p(0.6):
            size = self.gen("int", max(d - 2, 0))
            args.append(("size=" if self.p(0.5) else "") + size.code)
        name = m.name if alias is None else alias + "." + m.name
        flag = m.flag
        t = T("str", mk=self.html, unsure=not self.html, q=flag, ent=flag)
        return N("%s(%s)" % (name, ", ".join(args)), POST, t)

    # -- bool -----------------------------------------------------------------------------

    def gen_bool(self, d):
        opts = [(1, lambda: N(self.ch(["true", "false"]), ATOM, BOOL)),
                (2, lambda: self.var(lambda t: t.k == "bool")),
                (1, lambda: self.member(lambda t: t.k == "bool")),
                (1.5 if self.loop else 0,
                 lambda: N("loop." + self.ch(["first", "last"]), POST, BOOL))]
        if d > 0:
            opts += [(3, lambda: self.compare(d)),
                     (1, lambda: self.chain(d)),
                     (2, lambda: self.contains(d)),
                     (1, lambda: N("not " + self.wrap(self.gen_cond(d - 1), CMP), NOT, BOOL)),
                     (1.2, lambda: self.logic(d)),
                     (2.5, lambda: self.test(d)),
                     (0.3, lambda: self.cond_expr("bool", d)),
                     (0.02, lambda: self.bad_compare(d))]
        return self.pick(opts)

    def cmp_operands(self, d, count):
        if self.p(0.55):
            return [self.gen("int", d - 1) for _ in range(count)]
        ops = [self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
               for _ in range(count)]
        return None if None in ops else ops

    def compare(self, d):
        ops = self.cmp_operands(d, 2)
        if ops is None:
            return None
        op = self.ch(["==", "!=", "<", "<=", ">", ">="])
        return N("%s %s %s" % (self.wrap(ops[0], ADD), op, self.wrap(ops[1], ADD)), CMP, BOOL)

    def chain(self, d):
        ops = self.cmp_operands(d, 3)
        if ops is None:
            return None
        family = self.ch([["<", "<="], [">", ">="], ["==", "!="], ["==", "<", ">"]])
        code = self.wrap(ops[0], ADD)
        for o in ops[1:]:
            code += " %s %s" % (self.ch(family), self.wrap(o, ADD))
        return N(code, CMP, BOOL)

    def bad_compare(self, d):
        # A string compared with a number: an error in both engines.
        return N("%s < %s" % (self.wrap(self.gen("str", 0), ADD), self.wrap(self.lit_int(), ADD)),
                 CMP, BOOL)

    def contains(self, d):
        neg = " not in " if self.p(0.3) else " in "
        r = self.r.random()
        if r < 0.35:
            if self.p(0.6):
                needle = self.lit_str(NEEDLES)
            else:
                needle = self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
            hay = self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
            if needle is None or hay is None:
                return None
        elif r < 0.6:
            needle = self.gen("int", d - 1)
            hay = self.gen_where("list", d - 1, lambda t: t.elem is not None
                                 and t.elem.k == "int")
            if hay is None:
                hay = N("[%s]" % ", ".join(str(self.r.randint(0, 10))
                                           for _ in range(self.r.randint(0, 4))), ATOM, None)
        elif r < 0.8:
            needle = self.gen_where("str", d - 1, lambda t: t.k == "str" and not t.ent)
            hay = self.gen_where("list", d - 1, lambda t: t.elem is not None
                                 and t.elem.k == "str" and not t.elem.ent)
            if needle is None or hay is None:
                return None
        else:
            hay = self.gen_where("map", d - 1, lambda t: t.k == "map")
            if hay is None:
                return None
            keys = list(hay.t.fields) + MISSING_FIELDS
            needle = self.lit_str(keys)
        return N(self.wrap(needle, ADD) + neg + self.wrap(hay, ADD), CMP, BOOL)

    def logic(self, d):
        a, b = self.gen("bool", d - 1), self.gen("bool", d - 1)
        if self.p(0.5):
            return N("%s and %s" % (self.wrap(a, AND), self.wrap(b, NOT)), AND, BOOL)
        return N("%s or %s" % (self.wrap(a, OR), self.wrap(b, AND)), OR, BOOL)

    def test(self, d):
        name = self.ch(["defined", "undefined", "defined", "none", "even", "odd", "divisibleby",
                        "string", "mapping", "true", "false"])
        neg = "not " if self.p(0.3) else ""
        args = ""
        if name in ("defined", "undefined"):
            subject = self.pick([
                (2, self.undefined_ref),
                (2, lambda: self.var(lambda t: True)),
                (1, lambda: self.member(lambda t: True)),
                (0 if self.in_macro else 0.5, lambda: N(self.ch(SET_NAMES), ATOM, UNDEF))])
            if subject is None:
                return None
            if subject.t.k == "list" and subject.t.lazy:
                return None
        elif name in ("even", "odd", "divisibleby"):
            subject = self.gen("int", d - 1)
            if name == "divisibleby":
                k = self.r.randint(1, 5)
                args = "(%d)" % k if self.p(0.6) else " %d" % k
        else:
            kind = self.ch(["int", "str", "bool", "list", "map"])
            if name in ("true", "false") and self.p(0.6):
                kind = "bool"
            subject = self.gen(kind, d - 1)
            if subject.t.k not in CONCRETE or (subject.t.k == "list" and subject.t.lazy):
                return None
            if self.p(0.1):
                subject = N("none", ATOM, NONE)
        # A test binds like a filter in Jinja: keep its subject a primary (no bare negation).
        return N("%s is %s%s%s" % (self.wrap(subject, FILT), neg, name, args), CMP, BOOL)

    # -- lists and maps -------------------------------------------------------------------

    def gen_list(self, d, lazy_ok=True):
        opts = [(4, lambda: self.var(lambda t: t.k == "list")),
                (1.5, lambda: self.member(lambda t: t.k == "list")),
                (2, self.lit_list)]
        if d > 0:
            opts += [(2, lambda: self.sort(d)),
                     (1.5 if lazy_ok else 0, lambda: self.lazy(d))]
        return self.pick(opts)

    def lit_list(self):
        r = self.r.random()
        count = self.r.randint(0, 4)
        if r < 0.4:
            items = [str(self.r.randint(0, 12)) for _ in range(count)]
            return N("[" + ", ".join(items) + "]", ATOM, T("list", elem=INT, minn=count, n=count))
        pool = LC_POOL if r < 0.7 else LIT_POOL
        nodes = [self.lit_str(pool) for _ in range(count)]
        if r > 0.85 and nodes:
            i = self.r.randrange(len(nodes))
            nodes[i] = N(nodes[i].code + "|safe", FILT, nodes[i].t.but(mk=True))
        elem = None
        for node in nodes:
            elem = merge(elem, node.t)
        if elem is None:
            elem = T("str", lc=True, ascii=True)
        return N("[" + ", ".join(n.code for n in nodes) + "]", ATOM,
                 T("list", elem=elem, minn=count, n=count))

    def sortable(self, t):
        e = t.elem
        return e is not None and (e.k == "int" or (e.k == "str" and e.lc and not e.mk
                                                   and not e.ent and not e.unsure))

    def sort(self, d):
        if self.p(0.3):
            s = self.gen_where("list", d - 1, lambda t: t.elem is not None and t.elem.k == "map"
                               and any(self.sortable(T("list", elem=f))
                                       for f in t.elem.fields.values()))
            if s is None:
                return None
            field = self.ch([f for f, ft in s.t.elem.fields.items()
                             if self.sortable(T("list", elem=ft))])
            args = ["attribute=" + self.quote(field)]
        else:
            s = self.gen_where("list", d - 1, lambda t: t.k == "list" and self.sortable(t))
            if s is None:
                return None
            args = []
        if self.p(0.35):
            args.append("reverse=true")
        code = self.wrap(s, UNARY) + "|sort" + ("(" + ", ".join(args) + ")" if args else "")
        return N(code, FILT, s.t.but(lazy=False))

    def lazy(self, d):
        f = self.ch(["reverse", "unique", "map", "map"])
        if f == "map":
            s = self.gen_where("list", d - 1, lambda t: t.elem is not None and t.elem.k == "map"
                               and t.elem.fields)
            if s is None:
                return None
            field = self.ch(list(s.t.elem.fields))
            return N("%s|map(attribute=%s)" % (self.wrap(s, UNARY), self.quote(field)), FILT,
                     s.t.but(elem=s.t.elem.fields[field], lazy=True))
        if f == "unique":
            s = self.gen_where("list", d - 1, lambda t: t.k == "list" and self.sortable(t))
            if s is None:
                return None
            return N(self.wrap(s, UNARY) + "|unique", FILT,
                     s.t.but(lazy=True, n=None, minn=min(s.t.minn, 1)))
        s = self.gen_where("list", d - 1, lambda t: t.k == "list")
        if s is None:
            return None
        return N(self.wrap(s, UNARY) + "|reverse", FILT, s.t.but(lazy=True))

    def gen_map(self, d):
        opts = [(3, lambda: self.mapref(d)), (1.5, lambda: self.lit_map(max(d - 1, 0)))]
        return self.pick(opts)

    # -- printing and conditions ----------------------------------------------------------

    def gen_print(self, d):
        opts = [(3, lambda: self.gen("int", d)),
                (4.5, lambda: self.gen("str", d)),
                (2, lambda: self.gen("bool", d)),
                (1.3, lambda: self.gen("list", d)),
                (0.6, lambda: self.gen("map", d)),
                (0.3, lambda: self.pick([(1, lambda: N("none", ATOM, NONE)),
                                         (2, lambda: self.var(lambda t: t.k == "none")),
                                         (1, lambda: self.member(lambda t: t.k == "none"))])),
                (0.5, self.undefined_ref),
                (0.5, lambda: self.var(lambda t: t.k in ("any", "undef"))),
                (0.25, lambda: self.item_of(d, lambda t: True, allow_pundef=True)),
                (0.1, lambda: self.char_of(d, pundef_ok=True)),
                (0.4 if d > 0 else 0, lambda: self.mixed_logic(d))]
        node = self.pick(opts)
        return node if node is not None else self.lit_int()

    def gen_cond(self, d):
        opts = [(7, lambda: self.gen("bool", d)),
                (1, lambda: self.gen("int", d)),
                (1, lambda: self.gen("str", d)),
                (0.5, lambda: self.gen_list(d, lazy_ok=False)),
                (0.3, lambda: self.gen("map", d)),
                (0.3, lambda: self.var(lambda t: t.k in ("none", "any", "undef"))),
                (0.3, self.undefined_ref),
                (0.3 if d > 0 else 0, lambda: self.mixed_logic(d))]
        node = self.pick(opts)
        if node is None or node.t.k == "pundef" or (node.t.k == "list" and node.t.lazy):
            return N("true", ATOM, BOOL)
        return node

    def mixed_logic(self, d):
        a = self.gen_cond(max(d - 1, 0))
        b = self.gen_cond(max(d - 1, 0))
        if self.p(0.5):
            return N("%s and %s" % (self.wrap(a, AND), self.wrap(b, NOT)), AND, ANY)
        return N("%s or %s" % (self.wrap(a, OR), self.wrap(b, AND)), OR, ANY)

    # -- statements -----------------------------------------------------------------------

    def ws(self):
        return "-" if self.p(0.12) else ""

    def tag(self, inner):
        return "{%" + self.ws() + " " + inner + " " + self.ws() + "%}"

    def text(self):
        pool = TEXT_POOL + (HTML_TEXT_POOL if self.html else [])
        return "".join(self.ch(pool) for _ in range(self.r.randint(1, 2)))

    def print_stmt(self, d=None):
        if d is None:
            d = self.ch([0, 1, 1, 2, 2, 2, 3])
        node = self.gen_print(d)
        if may_quote(node.t):
            self.printed_quote = True
        return "{{" + self.ws() + " " + node.code + " " + self.ws() + "}}"

    def set_stmt(self):
        name = self.ch(SET_NAMES)
        kind = self.ch(["int", "int", "str", "str", "bool", "list", "map"])
        accs = [n for n in SET_NAMES if n in self.env and self.env[n].k == "int"]
        if self.loops_made > self.frame_marks[-1]:
            fresh = [n for n in SET_NAMES if n not in self.env]
            if not fresh:
                return ""
            name, accs = self.ch(fresh), []
        if self.loop and accs and self.p(0.4):
            # The accumulator pattern: each iteration starts again from the outer value.
            name = self.ch(accs)
            node = N("%s + %s" % (name, self.wrap(self.gen("int", 1), CAT)), ADD, INT)
        else:
            node = self.gen(kind, self.ch([0, 1, 2]))
        if node.t.k not in CONCRETE or (node.t.k == "list" and node.t.lazy):
            return ""
        self.env[name] = node.t
        return self.tag("set %s = %s" % (name, node.code))

    def scoped(self, fn, extra=None, frame=False):
        """Runs `fn` with its own names (`extra` added); `frame` when it is a Jinja frame."""
        saved = dict(self.env)
        if extra:
            self.env.update(extra)
        if frame:
            self.frame_marks.append(self.loops_made)
        try:
            out = fn()
            after = self.env
        finally:
            self.env = saved
            if frame:
                self.frame_marks.pop()
        return out, after

    def if_stmt(self, d):
        before = dict(self.env)
        branches = []
        out = self.tag("if " + self.wrap(self.gen_cond(self.ch([1, 2])), OR))
        body, env = self.scoped(lambda: self.stmts(d - 1, self.r.randint(1, 2)))
        out += body
        branches.append(env)
        for _ in range(self.ch([0, 0, 1, 2])):
            out += self.tag("elif " + self.wrap(self.gen_cond(1), OR))
            body, env = self.scoped(lambda: self.stmts(d - 1, self.r.randint(1, 2)))
            out += body
            branches.append(env)
        if self.p(0.5):
            out += self.tag("else")
            body, env = self.scoped(lambda: self.stmts(d - 1, self.r.randint(1, 2)))
            out += body
            branches.append(env)
        else:
            branches.append(before)
        out += self.tag("endif")
        # `if` is no scope: a name set in a branch is visible after it (merged types).
        names = set()
        for env in branches:
            names.update(n for n in env if env[n] is not before.get(n))
        for name in sorted(names):
            t = None
            for env in branches:
                t = merge(t, env[name]) if name in env else ANY
                if t is ANY:
                    break
            self.env[name] = t
        return out

    def for_stmt(self, d):
        r = self.r.random()
        if r < 0.06:
            if self.p(0.5):
                n = self.r.randint(0, 5)
                seq = N("range(%d)" % n, POST, T("list", elem=INT, minn=n, n=n))
            else:
                a = self.r.randint(0, 4)
                b = self.r.randint(a, a + 4)
                seq = N("range(%d, %d)" % (a, b), POST, T("list", elem=INT, minn=b - a, n=b - a))
        elif r < 0.14:
            seq = self.var(lambda t: t.k == "map")
            if seq is None:
                return ""
            seq = N(seq.code, ATOM, T("list", elem=T("str", lc=True, ascii=True, ne=True),
                                      minn=len(seq.t.fields)))
        else:
            seq = self.gen_where("list", self.ch([0, 0, 1, 2]), lambda t: t.elem is not None)
            if seq is None:
                return ""
        used = set(self.env)
        names = [n for n in LOOP_NAMES if n not in used]
        if not names:
            return ""
        var = self.ch(names)
        out = self.tag("for %s in %s" % (var, self.wrap(seq, OR)))
        self.loops_made += 1
        self.loop += 1
        try:
            body, _ = self.scoped(lambda: self.loop_body(d, var), {var: seq.t.elem}, frame=True)
        finally:
            self.loop -= 1
        out += body
        if self.p(0.3):
            # The else part: no sets, and no `loop` (whether it is an outer loop's differs).
            out += self.tag("else")
            saved_loop, self.loop = self.loop, 0
            try:
                body, _ = self.scoped(lambda: self.stmts(d - 1, self.r.randint(1, 2),
                                                         allow_set=False), frame=True)
            finally:
                self.loop = saved_loop
            out += body
        out += self.tag("endfor")
        return out

    def loop_body(self, d, var):
        parts = []
        if self.p(0.7):
            t = self.env[var]
            if t.k == "map" and t.fields and self.p(0.7):
                f = self.ch(list(t.fields))
                parts.append("{{ %s.%s }}" % (var, f))
            else:
                parts.append("{{ %s }}" % var)
        parts.append(self.stmts(d - 1, self.r.randint(1, 2)))
        if self.p(0.3):
            parts.append(self.tag("if not loop.last") + self.ch([", ", "|", "\n"]) +
                         self.tag("endif"))
        if self.p(0.5):
            self.r.shuffle(parts)
        return "".join(parts)

    def call_stmt(self):
        """`{{ m(...) }}` or `{{ ui.m(...) }}`, maybe through a filter that keeps markup."""
        node = self.call(self.ch([1, 2]))
        if node is None:
            return ""
        if self.p(0.4):
            f = self.ch(["upper", "lower", "trim", "length", "string", "upper"])
            if f in ("upper", "length") and node.t.ent:
                f = "trim"
            node = N(node.code + "|" + f, FILT, node.t)
        elif self.p(0.2):
            other = self.lit_str()
            node = N(node.code + " ~ " + other.code, CAT, node.t)
        return "{{" + self.ws() + " " + node.code + " " + self.ws() + "}}"

    def raw_stmt(self):
        content = "".join(self.ch(RAW_POOL) for _ in range(self.r.randint(1, 3)))
        return self.tag("raw") + content + self.tag("endraw")

    def comment(self):
        return "{#" + self.ws() + self.ch(COMMENT_POOL) + self.ws() + "#}"

    def stmts(self, d, count, allow_set=True):
        out = []
        for _ in range(count):
            opts = [(3, self.text), (4, self.print_stmt), (0.4, self.comment),
                    (1.2 if allow_set else 0, self.set_stmt),
                    (1.5 if d > 0 else 0, lambda: self.if_stmt(d)),
                    (1.5 if d > 0 else 0, lambda: self.for_stmt(d)),
                    (0.25, self.raw_stmt),
                    (1.2 if (self.macros or self.imports) else 0, self.call_stmt),
                    (0.7 if self.part else 0, lambda: self.tag('include "%s"' % self.part))]
            total = sum(w for w, _ in opts)
            x = self.r.random() * total
            for w, fn in opts:
                x -= w
                if x <= 0:
                    break
            out.append(fn())
        return "".join(out)

    # -- macros ---------------------------------------------------------------------------

    def macro_def(self, name, with_data):
        kind = self.ch(["str", "str", "int"])
        arg = self.ch(["text", "value", "arg"])
        has_size = self.p(0.5)
        arg_q = kind == "str" and self.p(0.5)
        params = {arg: INT if kind == "int" else
                  T("str", mk=True, unsure=not self.html, q=arg_q)}
        if has_size:
            params["size"] = INT
        saved_env, saved_loop = self.env, self.loop
        saved_macros, saved_imports = self.macros, self.imports
        saved_q, saved_part = self.printed_quote, self.part
        self.env = dict(self.data if with_data else {})
        self.env.update(params)
        self.loop, self.macros, self.imports, self.printed_quote, self.part = 0, {}, {}, False, None
        self.in_macro = True
        self.frame_marks.append(self.loops_made)
        try:
            body = []
            body.append("{{ %s }}" % arg)
            for _ in range(self.r.randint(1, 2)):
                body.append(self.ch([self.text, self.print_stmt, self.print_stmt,
                                     lambda: self.if_stmt(1)])())
            self.r.shuffle(body)
            text = "".join(body)
            flag = self.printed_quote or '"' in text or arg_q
        finally:
            self.in_macro = False
            self.frame_marks.pop()
            self.env, self.loop = saved_env, saved_loop
            self.macros, self.imports = saved_macros, saved_imports
            self.printed_quote, self.part = saved_q, saved_part
        signature = arg + (", size=%d" % self.r.randint(0, 3) if has_size else "")
        code = self.tag("macro %s(%s)" % (name, signature)) + text + self.tag("endmacro")
        return code, Macro(name, kind, has_size, arg_q, flag)


# ---------------------------------------------------------------------------------------------
# Contexts and cases.


def gen_context(r):
    ctx = {}

    def some(names, lo, hi):
        return r.sample(names, r.randint(lo, hi))

    def pool_str():
        return r.choice(STR_POOL)

    for name in some(INT_NAMES, 1, 3):
        ctx[name] = r.choice([r.randint(0, 20), r.randint(0, 20), r.randint(-5, -1)])
    for name in some(STR_NAMES, 1, 3):
        ctx[name] = pool_str()
    for name in some(BOOL_NAMES, 0, 1):
        ctx[name] = r.random() < 0.5
    for name in some(NONE_NAMES, 0, 1):
        ctx[name] = None
    if r.random() < 0.3:
        ctx["code"] = r.choice(["42", "7", "007", "100", "0"])
    if r.random() < 0.6:
        ctx[r.choice(["nums", "scores"])] = [r.randint(-3, 12) for _ in range(r.randint(0, 5))]
    if r.random() < 0.5:
        ctx["tags"] = [r.choice(LC_POOL) for _ in range(r.randint(0, 4))]
    if r.random() < 0.3:
        ctx["words"] = [pool_str() for _ in range(r.randint(0, 4))]
    if r.random() < 0.55:
        ctx[r.choice(["items", "people"])] = [
            {"name": pool_str(), "price": r.randint(0, 50), "tag": r.choice(LC_POOL)}
            for _ in range(r.randint(0, 4))]
    if r.random() < 0.6:
        user = {"name": pool_str(), "age": r.randint(1, 90)}
        if r.random() < 0.6:
            user["admin"] = r.random() < 0.5
        if r.random() < 0.4:
            user["nick"] = None
        if r.random() < 0.5:
            user["tags"] = [r.choice(LC_POOL) for _ in range(r.randint(0, 3))]
        if r.random() < 0.3:
            user["address"] = {"city": pool_str()}
        ctx["user"] = user
    if r.random() < 0.25:
        ctx["page"] = {"id": r.randint(1, 9), "title": pool_str()}

    def sort_keys(v):
        if isinstance(v, dict):
            return {k: sort_keys(v[k]) for k in sorted(v)}
        if isinstance(v, list):
            return [sort_keys(x) for x in v]
        return v

    ctx = sort_keys(ctx)
    types = {}
    for name, value in ctx.items():
        hint = None
        if name in ("nums", "scores"):
            hint = INT
        elif name == "tags":
            hint = T("str", lc=True, ascii=True)
        elif name == "words":
            hint = T("str", q=True)
        elif name in ("items", "people"):
            hint = T("map", fields={"name": T("str", q=True), "price": INT,
                                    "tag": T("str", lc=True, ascii=True)})
        t = t_of(value, hint)
        if name == "user" and "tags" in value and not value["tags"]:
            t.fields["tags"] = t.fields["tags"].but(elem=T("str", lc=True, ascii=True))
        types[name] = t
    return ctx, types


def gen_case(seed, case_id):
    r = random.Random("%s:%d" % (seed, case_id))
    html = r.random() < 0.6
    ext = ".html" if html else ".txt"
    main = "main" + ext
    context, types = gen_context(r)
    g = Gen(r, html)
    g.data = types
    templates = {}

    def fresh_env():
        g.env = dict(types)
        g.loop = 0
        g.frame_marks = [g.loops_made]

    def make_part():
        saved = (g.env, g.macros, g.imports, g.part)
        g.env, g.macros, g.imports, g.part = dict(types), {}, {}, None
        try:
            templates["part" + ext] = g.stmts(1, r.randint(1, 4))
        finally:
            g.env, g.macros, g.imports, g.part = saved
        g.part = "part" + ext

    def make_lib():
        parts, macros = [], {}
        for name in r.sample(MACRO_NAMES, r.randint(1, 2)):
            code, macro = g.macro_def(name, with_data=False)
            parts.append(code)
            macros[name] = macro
            if r.random() < 0.4:
                parts.append(g.text())
        templates["lib" + ext] = "".join(parts)
        return macros

    kind = r.random()
    fresh_env()
    if kind < 0.25:
        # Expressions only.
        out = []
        if r.random() < 0.3:
            out.append(g.set_stmt())
        for _ in range(r.randint(2, 6)):
            if r.random() < 0.6:
                out.append(g.text())
            out.append(g.print_stmt(r.choice([1, 2, 2, 3, 3])))
        if r.random() < 0.5:
            out.append(g.text())
        templates[main] = "".join(out)
    elif kind < 0.67:
        # Structure: loops, conditions, sets, macros, includes, imports.
        out = []
        if r.random() < 0.25:
            make_part()
        if r.random() < 0.2:
            g.imports["ui"] = make_lib()
            out.append(g.tag('import "lib%s" as ui' % ext))
        if r.random() < 0.3:
            for name in r.sample(MACRO_NAMES, r.randint(1, 2)):
                code, macro = g.macro_def(name, with_data=True)
                out.append(code)
                g.macros[name] = macro
                if r.random() < 0.5:
                    out.append(g.text())
        out.append(g.stmts(2, r.randint(2, 4)))
        if g.macros or g.imports:
            out.append(g.call_stmt())
        if "{{" not in out[-1]:
            out.append(g.print_stmt())
        if g.part and "include" not in "".join(out):
            out.append(g.tag('include "%s"' % g.part))
        templates[main] = "".join(out)
    elif kind < 0.85:
        # extends / block / super(), with the active-page pattern.
        base = "base" + ext
        if r.random() < 0.25:
            make_part()
        child_sets = []
        set_types = {}
        if r.random() < 0.6:
            page = r.choice(["about", "home", "blog", "<contact>"])
            child_sets.append(g.tag("set active = %s" % g.quote(page)))
            set_types["active"] = t_str(page)
        for _ in range(r.choice([0, 0, 1, 2])):
            code = g.set_stmt()
            if code:
                child_sets.append(code)
                set_types.update({k: v for k, v in g.env.items() if k not in types})
        g.env = dict(types)
        g.env.update(set_types)
        if "active" not in g.env:
            g.env["active"] = UNDEF
        shared_env = dict(g.env)
        blocks = r.sample(BLOCK_NAMES, r.randint(1, 3))
        base_parts = []
        for name in blocks:
            base_parts.append(g.text())
            if r.random() < 0.4:
                if r.random() < 0.5:
                    base_parts.append('{{ active|default("home") }}')
                else:
                    base_parts.append(g.tag("if active is defined") + "[{{ active }}]" +
                                      g.tag("else") + "-" + g.tag("endif"))
            loops_before = g.loops_made
            body, _ = g.scoped(lambda: g.stmts(1, r.randint(1, 3)), frame=True)
            if r.random() < 0.25 and (g.loops_made == loops_before or "t" not in g.env):
                body += g.tag("set t = %d" % r.randint(0, 9)) + "{{ t }}"
            base_parts.append(g.tag("block " + name) + body + g.tag("endblock"))
            if r.random() < 0.2:
                base_parts.append("{{ t }}")
        if r.random() < 0.5:
            base_parts.append(g.print_stmt(1))
        if g.part and r.random() < 0.5:
            base_parts.append(g.tag('include "%s"' % g.part))
        base_parts.append(g.text())
        templates[base] = "".join(base_parts)
        child = [g.tag('extends "%s"' % base)]
        if r.random() < 0.5:
            child.append(r.choice(["\n", " ", "\n\n", "ignored"]))
        child.extend(child_sets)
        for name in r.sample(blocks, r.randint(1, len(blocks))):
            if r.random() < 0.4:
                child.append(r.choice(["\n", "  ", "ignored "]))
            g.env = dict(shared_env)
            body, _ = g.scoped(lambda: g.stmts(1, r.randint(1, 3)), frame=True)
            if r.random() < 0.4:
                sup = "{{ super() }}"
                body = sup + body if r.random() < 0.6 else body + sup
            end = "endblock " + name if r.random() < 0.3 else "endblock"
            child.append(g.tag("block " + name) + body + g.tag(end))
        if r.random() < 0.3:
            child.append("\n")
        templates[main] = "".join(child)
    else:
        # Macros: imported from a library and defined in the template itself.
        out = []
        if r.random() < 0.7:
            g.imports["ui"] = make_lib()
            out.append(g.tag('import "lib%s" as ui' % ext))
        if r.random() < 0.6 or not g.imports:
            for name in r.sample(MACRO_NAMES, r.randint(1, 2)):
                if name in g.imports.get("ui", {}):
                    continue
                code, macro = g.macro_def(name, with_data=True)
                out.append(code)
                g.macros[name] = macro
        for _ in range(r.randint(2, 4)):
            out.append(g.text())
            out.append(g.call_stmt() if r.random() < 0.7 else g.stmts(1, 1))
        templates[main] = "".join(out)
    return {"id": case_id, "main": main, "templates": templates, "context": context}


def line(case):
    case["jinja"] = render_jinja(case["templates"], case["main"], case["context"])
    return json.dumps(case, ensure_ascii=False, sort_keys=True) + "\n"


def case_line(job):
    seed, case_id = job
    return line(gen_case(seed, case_id))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--only", type=int, help="print only the case with this id")
    parser.add_argument("--case-file", help="render a JSON case (templates, main, context)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (the output is the same for any number)")
    args = parser.parse_args()
    out = open(sys.stdout.fileno(), "w", encoding="utf-8", newline="\n", closefd=False)
    if args.case_file:
        if args.case_file == "-":
            case = json.load(sys.stdin)
        else:
            with open(args.case_file, encoding="utf-8") as f:
                case = json.load(f)
        result = render_jinja(case["templates"], case["main"], case.get("context", {}))
        out.write(json.dumps(result, ensure_ascii=False, sort_keys=True) + "\n")
        out.flush()
        return
    ids = [args.only] if args.only is not None else range(args.count)
    jobs = [(args.seed, case_id) for case_id in ids]
    if args.jobs > 1 and len(jobs) > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            for text in pool.imap(case_line, jobs, chunksize=64):
                out.write(text)
    else:
        for job in jobs:
            out.write(case_line(job))
    out.flush()


if __name__ == "__main__":
    main()
