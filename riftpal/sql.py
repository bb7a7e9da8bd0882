"""A query the ORM writes once per process and database, then runs as plain SQL on every request.

Django builds the SQL of a queryset again each time it runs: for a window query that costs more than running it.
A busy page whose query never changes (no request value in it) declares it once::

    FIRST_QUESTIONS = Precompiled(lambda: FAQEntry.objects.values_list(...))
    rows = FIRST_QUESTIONS.rows()

``rows()`` gives the same tuples as ``list(queryset)`` for a ``values_list`` queryset: the values go through the
same converters Django would apply (an integer from a window function, a date, JSON…).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    converters: tuple  # (column position, converter functions, expression) for the columns that have some


class Precompiled:
    def __init__(self, build: Callable[[], QuerySet], using: str = DEFAULT_DB_ALIAS):
        self.build = build
        self.using = using
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def compiled(self, vendor: str) -> _Compiled:
        with self._lock:
            if vendor not in self._compiled:
                compiler = self.build().query.get_compiler(using=self.using)
                sql, params = compiler.as_sql()
                converters = compiler.get_converters([column for column, _sql, _alias in compiler.select])
                self._compiled[vendor] = _Compiled(sql, tuple(params), tuple(
                    (position, tuple(functions), expression)
                    for position, (functions, expression) in sorted(converters.items())
                ))
            return self._compiled[vendor]

    def rows(self) -> list[tuple]:
        connection = connections[self.using]
        compiled = self._compiled.get(connection.vendor) or self.compiled(connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, compiled.params)
            rows = cursor.fetchall()
        if not compiled.converters:
            return rows
        converted = []
        for row in rows:
            values = list(row)
            for position, functions, expression in compiled.converters:
                for function in functions:
                    values[position] = function(values[position], expression, connection)
            converted.append(tuple(values))
        return converted
