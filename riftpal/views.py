"""French error pages."""

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    # No context processors: the error may come from them.
    return HttpResponseServerError(loader.get_template("500.html").render())
