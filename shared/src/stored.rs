//! States kept in the database by name (`pending`, `cancelled`, …): an enum per set of names, read back into the
//! enum at the row boundary. A stored name that is none of them is an error, never a guess.

/// A stored name that is none of the names it should be (a row written by something else, or a database edited
/// by hand): reading it is an error, never a guess.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?}")]
pub struct UnknownName {
    pub what: &'static str,
    pub name: String,
}

/// Declares an enum whose values are stored by name: `ALL`, `as_str` (the stored name), `parse`, and
/// `TryFrom<String>` failing with [`UnknownName`] (what a row reads it through:
/// `#[sqlx(try_from = "String")]`).
///
/// ```
/// academy_shared::stored_names! {
///     /// Where a class stands.
///     pub enum ClassStatus("class status") {
///         Scheduled = "scheduled",
///         Cancelled = "cancelled",
///     }
/// }
/// assert_eq!(ClassStatus::try_from("cancelled".to_owned()), Ok(ClassStatus::Cancelled));
/// assert!(ClassStatus::try_from("gone".to_owned()).is_err());
/// ```
#[macro_export]
macro_rules! stored_names {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident($what:literal) {
            $($(#[$variant_meta:meta])* $variant:ident = $stored:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant),+
        }

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $stored),+
                }
            }

            /// Reads a stored name.
            pub fn parse(name: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|value| value.as_str() == name)
            }
        }

        impl ::core::convert::TryFrom<String> for $name {
            type Error = $crate::stored::UnknownName;

            fn try_from(name: String) -> Result<Self, Self::Error> {
                Self::parse(&name).ok_or($crate::stored::UnknownName { what: $what, name })
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::stored_names! {
        enum Light("light") {
            Red = "red",
            Green = "green",
        }
    }

    #[test]
    fn every_value_reads_back_from_its_stored_name() {
        for light in Light::ALL {
            assert_eq!(Light::try_from(light.as_str().to_owned()), Ok(*light));
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_that_says_what_it_was() {
        let error = Light::try_from("Red".to_owned()).expect_err("names are exact");
        assert_eq!(error.to_string(), "unknown light \"Red\"");
    }
}
