"""French error pages."""

from django.shortcuts import render
from django.template import loader
from django.http import HttpResponseServerError


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    # No context processors: the error may come from them.
    return HttpResponseServerError(loader.get_template("500.html").render())
