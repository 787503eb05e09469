//! Validators (RFC 9110 §8.8.3, §13.1.2): every text the page fetches more than once — its
//! own files, the card (`/api/card`, `/card.html`) and the TV's card (`/tv.html`) — carries
//! a strong `ETag` made from its very bytes, and a request whose `If-None-Match` names it
//! is answered 304 with no body (CLI.md "The phone knows its hole": light on the Wi-Fi).
//! A fragment is checked on every use (`Cache-Control: no-cache`), never kept stale.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// A validator of `body` (FNV-1a, 64 bits, quoted): the same bytes, the same tag; any
/// change to them, another tag.
pub fn etag_of(body: &[u8]) -> String {
    let hash = body.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("\"{hash:016x}\"")
}

/// Whether the request's `If-None-Match` names `tag` (or `*`): the copy the browser holds
/// is current.
pub fn still_fresh(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"))
}

/// The validators of one card as served, each made once per change for every phone: of
/// its JSON (`/api/card`), its HTML fragment (`/card.html`, and the `id` of the `card`
/// event that announces it) and the TV's fragment (`/tv.html`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags {
    /// `ETag` of the card's JSON.
    pub json: String,
    /// `ETag` of the card's HTML fragment.
    pub html: String,
    /// `ETag` of the TV's fragment.
    pub tv: String,
}

impl Tags {
    /// The tags of a card whose JSON, HTML and TV fragment are these.
    pub fn of(json: &str, html: &str, tv: &str) -> Tags {
        Tags {
            json: etag_of(json.as_bytes()),
            html: etag_of(html.as_bytes()),
            tv: etag_of(tv.as_bytes()),
        }
    }
}

/// `body` of type `kind` with its validator `tag`: 304 and no body when the request's
/// `If-None-Match` names it, else 200 and the body; checked on every use (`no-cache`).
pub fn validated(headers: &HeaderMap, kind: &str, tag: &str, body: impl IntoResponse) -> Response {
    let fields = [
        (header::CONTENT_TYPE, kind.to_string()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, tag.to_string()),
    ];
    match still_fresh(headers, tag) {
        true => (StatusCode::NOT_MODIFIED, fields).into_response(),
        false => (StatusCode::OK, fields, body).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_its_bytes_and_a_request_naming_it_gets_no_body() {
        let (a, b) = (etag_of(b"hole 1"), etag_of(b"hole 2"));
        assert_ne!(a, b);
        assert_eq!(a, etag_of(b"hole 1"));
        assert!(a.starts_with('"') && a.ends_with('"') && a.len() == 18);
        let mut headers = HeaderMap::new();
        assert!(!still_fresh(&headers, &a));
        headers.insert(
            header::IF_NONE_MATCH,
            format!("\"0\", {a}").parse().unwrap(),
        );
        assert!(still_fresh(&headers, &a));
        assert!(!still_fresh(&headers, &b));
        let fresh = validated(&headers, "text/html", &a, "x");
        assert_eq!(fresh.status(), StatusCode::NOT_MODIFIED);
        let changed = validated(&headers, "text/html", &b, "x");
        assert_eq!(changed.status(), StatusCode::OK);
        assert_eq!(
            changed
                .headers()
                .get(header::ETAG)
                .unwrap()
                .to_str()
                .unwrap(),
            b
        );
    }
}
