"""Copying pydantic states fast, for the computers' search (``Game.simulate``): a model
with given field values, built without pydantic's validation. Each game decides how deep
its copy goes (what its moves change); a property test per game checks that a move
applied to the copy gives the state ``apply`` gives."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

_new = object.__new__
_set = object.__setattr__
# BaseModel's slots, set through their descriptors: a third faster than
# ``object.__setattr__`` by name, and a search copies tens of models per simulated move
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def shell(model: Any, fields: dict[str, Any]) -> Any:
    """A model of ``model``'s class with these field values, built without validation."""
    new = _new(model.__class__)
    _set(new, "__dict__", fields)
    _set_fields_set(new, model.__pydantic_fields_set__.copy())
    _set_extra(new, None)
    _set_private(new, None)
    return new
