"""Copying pydantic states fast, for the computers' search (``Game.simulate``): a model
with given field values, built without pydantic's validation. Each game decides how deep
its copy goes (what its moves change); a property test per game checks that a move
applied to the copy gives the state ``apply`` gives."""

from __future__ import annotations

from typing import Any

_set = object.__setattr__


def shell(model: Any, fields: dict[str, Any]) -> Any:
    """A model of ``model``'s class with these field values, built without validation."""
    cls = model.__class__
    new = cls.__new__(cls)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
