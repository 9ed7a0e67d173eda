//! What a form's validation returns when it fails: each field with the first rule it breaks.

use std::collections::BTreeMap;

use crate::i18n::Lang;

/// A form field, named as the form and the JSON payload name it (camelCase).
pub trait Field: Copy + Eq {
    /// The field's name in forms and payloads, e.g. `firstName`.
    fn name(self) -> &'static str;
}

/// A rule error that can speak both languages of the product.
pub trait Message {
    /// The text shown to the user.
    fn message(&self, lang: Lang) -> String;
}

/// The broken rules of one form, at most one per field, in the order the fields were checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldErrors<F, E> {
    errors: Vec<(F, E)>,
}

impl<F: Field, E> Default for FieldErrors<F, E> {
    fn default() -> Self {
        Self { errors: Vec::new() }
    }
}

impl<F: Field, E> FieldErrors<F, E> {
    /// Records `error` for `field` unless the field already has one (the first broken rule is the one shown).
    pub fn add(&mut self, field: F, error: E) {
        if self.get(field).is_none() {
            self.errors.push((field, error));
        }
    }

    /// Records the error of `check`, if any.
    pub fn check(&mut self, field: F, check: Result<(), E>) {
        if let Err(error) = check {
            self.add(field, error);
        }
    }

    /// The error of one field.
    pub fn get(&self, field: F) -> Option<&E> {
        self.errors.iter().find(|(f, _)| *f == field).map(|(_, e)| e)
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn len(&self) -> usize {
        self.errors.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &(F, E)> {
        self.errors.iter()
    }

    /// `Ok(value)` when nothing was recorded, else these errors.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, Self> {
        if self.is_empty() { Ok(value()) } else { Err(self) }
    }
}

impl<F: Field, E: Message> FieldErrors<F, E> {
    /// Field name → message in `lang`: the shape the browser shows beside each input.
    pub fn messages(&self, lang: Lang) -> BTreeMap<String, String> {
        self.errors.iter().map(|(f, e)| (f.name().to_owned(), e.message(lang))).collect()
    }
}
