"""The reading list the service worker saves names each page by its title, never by a Python object's repr (the
« what changed » page, listed in the sitemap by its URL name, was titled « <built-in method title of str…> »)."""

from __future__ import annotations

import pytest

from core.offline import reading_pages


@pytest.mark.django_db
def test_every_saved_page_has_a_title_a_reader_can_read():
    pages = reading_pages()
    assert any(page["url"] == "/regles/ce-qui-a-change/" for page in pages)
    unreadable = [page for page in pages if "<" in page["title"] or "built-in" in page["title"] or not page["title"]]
    assert unreadable == []
