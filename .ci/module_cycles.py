#!/usr/bin/env python3
"""Import cycles between the modules of one Rust crate: `python3 .ci/module_cycles.py server/src`.

Every file is a module (`a/b.rs` and `a/b/mod.rs` are `a::b`). A module depends on another when it names it in a
path: `use crate::x::y`, `crate::x::y::f()`, `super::…` and `self::…` (resolved against its own place), down to
the deepest module that exists. Test modules (`tests.rs`, `#[cfg(test)] mod …` bodies) are left out: tests may
reach anywhere. A module is not said to depend on its own ancestors (a parent re-exporting names for its children
is the usual layout). Prints each cycle (a strongly connected set of modules) and exits 1 when there is one.
"""

import pathlib
import re
import sys
from collections import defaultdict


def module_of(path: pathlib.Path, src: pathlib.Path) -> tuple[str, ...]:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    # Inline test modules sit at the end of their file.
    return re.sub(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{.*", "", text, flags=re.S)


def expand_uses(text: str) -> list[list[str]]:
    """Every leaf path of every `use` tree, as segments."""
    leaves = []

    def walk(prefix: list[str], tree: str) -> None:
        tree = tree.strip()
        brace = tree.find("{")
        if brace == -1:
            head = re.split(r"\s+as\s+", tree)[0]
            leaves.append(prefix + [s for s in head.split("::") if s and s != "*"])
            return
        head = [s for s in tree[:brace].split("::") if s]
        body = tree[brace + 1 : tree.rfind("}")]
        depth, start = 0, 0
        for i, c in enumerate(body + ","):
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif c == "," and depth == 0:
                if body[start:i].strip():
                    walk(prefix + head, body[start:i])
                start = i + 1

    for m in re.finditer(r"\buse\s+([^;]+);", text):
        walk([], m.group(1))
    return leaves


def resolve(here: tuple[str, ...], path: list[str], modules: set) -> tuple[str, ...] | None:
    """The deepest existing module a path names, from the module `here`."""
    if not path:
        return None
    if path[0] == "crate":
        target, rest = [], path[1:]
    elif path[0] == "self":
        target, rest = list(here), path[1:]
    elif path[0] == "super":
        target, rest = list(here), path
        while rest and rest[0] == "super":
            target, rest = target[:-1], rest[1:]
    else:
        return None
    found = tuple(target) if tuple(target) in modules else None
    for segment in rest:
        target.append(segment)
        if tuple(target) in modules:
            found = tuple(target)
        else:
            break
    return found


def main() -> int:
    src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "server/src")
    files = {}
    for f in sorted(src.rglob("*.rs")):
        if f.name == "tests.rs" or "tests" in f.relative_to(src).parts[:-1]:
            continue
        if f.name == "main.rs" and (src / "lib.rs").exists():
            continue
        files[module_of(f, src)] = f
    modules = set(files)
    graph = defaultdict(set)
    for here, f in files.items():
        text = strip(f.read_text(errors="replace"))
        paths = expand_uses(text)
        paths += [m.group(0).split("::") for m in re.finditer(r"\b(?:crate|super|self)(?:::\w+)+", text)]
        for path in paths:
            target = resolve(here, path, modules)
            if target is None or target == here or here[: len(target)] == target:
                continue
            graph[here].add(target)

    # Tarjan's strongly connected components.
    index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    for cycle in cycles:
        print("cycle: " + " <-> ".join("::".join(m) or "crate" for m in cycle))
    print(f"{len(cycles)} import cycles among {len(modules)} modules of {src}")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
