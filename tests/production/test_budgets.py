"""Every page type within its budget (core/budgets.py) as production sends it: HTML, JavaScript (module imports
followed), CSS, compressed; and htmx loaded exactly by the pages that use it."""

from __future__ import annotations

import pytest

from core.budgets import KB, PAGE_TYPES, assets, resolve


@pytest.fixture(scope="module")
def weights(stack) -> dict[str, tuple[str, str, list[str], tuple[int, int, int]]]:
    sizes: dict[str, int] = {}

    def sent(url: str) -> int:
        if url not in sizes:
            answer = stack.get(url)
            assert answer.status == 200, url
            sizes[url] = answer.sent
        return sizes[url]

    found = {}
    for name, (page, _budget) in PAGE_TYPES.items():
        path = resolve(page, lambda index: stack.get(index).text)
        answer = stack.get(path)
        assert answer.status == 200, path
        scripts, styles = assets(answer.text, lambda url: stack.get(url).text)
        weight = (answer.sent, sum(sent(url) for url in scripts), sum(sent(url) for url in styles))
        found[name] = (path, answer.text, scripts, weight)
    return found


def test_every_page_type_is_within_its_budget(weights):
    over = []
    for name, (path, _html, _scripts, weight) in weights.items():
        budget = PAGE_TYPES[name][1]
        for label, size, limit in zip(("HTML", "JS", "CSS"), weight, budget, strict=True):
            if size > limit:
                over.append(f"{name} {path}: {label} {size / KB:.1f} Ko > {limit / KB:.0f} Ko")
    assert over == []


def test_htmx_is_loaded_by_the_pages_that_use_it_and_only_them(weights):
    wrong = []
    for name, (path, html, scripts, _weight) in weights.items():
        uses = " hx-" in html or "\thx-" in html
        loads = any("htmx" in url and "htmx-errors" not in url for url in scripts)
        if uses != loads:
            wrong.append(f"{name} {path}: hx-… {'présent' if uses else 'absent'}, htmx "
                         f"{'chargé' if loads else 'non chargé'}")
    assert wrong == []
    assert not any("htmx.min" in url for url in weights["accueil"][2])
