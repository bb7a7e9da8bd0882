"""Graphs the engine walks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def strongly_connected(nodes: list[str], edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of a directed graph (Tarjan's algorithm), each listed after the
    components it has edges to, its members in the order of ``nodes``.

    The layers use it to compute first the objects another one reads, and together the objects that read each
    other (``layers.compute``); the architecture test uses it to find import cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp, key=nodes.index))

    for v in nodes:
        if v not in index:
            visit(v)
    return out
