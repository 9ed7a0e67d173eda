//! The client's address, by which per-address limits count.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};

use crate::state::AppState;

/// The client's address: the TCP peer, or, when the peer is a trusted proxy (`ACADEMY_TRUSTED_PROXIES`), the
/// nearest address in `X-Forwarded-For` that is not one. Per-address limits count by it.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(addr)| addr.ip());
        let forwarded = parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
        Ok(ClientAddr(client_address(peer, forwarded, &state.config.trusted_proxies)))
    }
}

/// Walks `X-Forwarded-For` from the nearest hop while the hop that handed the request on is trusted; an entry
/// that is not an address ends the walk at the last trusted hop's word.
fn client_address<'a>(peer: IpAddr, forwarded: impl Iterator<Item = &'a str>, trusted: &[ipnet::IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    let hops: Vec<&str> = forwarded.flat_map(|value| value.split(',')).map(str::trim).collect();
    let mut client = peer.to_canonical();
    for hop in hops.iter().rev() {
        if !is_trusted(&client) {
            break;
        }
        match hop.parse::<IpAddr>() {
            Ok(ip) => client = ip.to_canonical(),
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use super::client_address;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn nets(list: &[&str]) -> Vec<ipnet::IpNet> {
        list.iter().map(|n| n.parse().expect("a range")).collect()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_it_forwards() {
        assert_eq!(client_address(ip("198.51.100.9"), ["203.0.113.7"].into_iter(), &[]), ip("198.51.100.9"));
    }

    #[test]
    fn a_trusted_proxy_hands_on_the_address_it_saw() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(client_address(ip("10.0.0.2"), ["203.0.113.7"].into_iter(), &trusted), ip("203.0.113.7"));
    }

    #[test]
    fn a_forged_entry_before_the_nearest_untrusted_hop_is_ignored() {
        let trusted = nets(&["10.0.0.0/8"]);
        let forwarded = ["1.2.3.4, 203.0.113.7", "10.0.0.5"];
        assert_eq!(client_address(ip("10.0.0.2"), forwarded.into_iter(), &trusted), ip("203.0.113.7"));
    }

    #[test]
    fn an_untrusted_peer_cannot_claim_another_address() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(client_address(ip("198.51.100.9"), ["10.0.0.7"].into_iter(), &trusted), ip("198.51.100.9"));
    }

    #[test]
    fn garbage_in_the_header_stops_at_the_last_trusted_word() {
        let trusted = nets(&["10.0.0.0/8"]);
        let forwarded = ["203.0.113.7, unknown"];
        assert_eq!(client_address(ip("10.0.0.2"), forwarded.into_iter(), &trusted), ip("10.0.0.2"));
    }

    #[test]
    fn an_ipv4_peer_seen_through_an_ipv6_socket_is_matched_as_ipv4() {
        let trusted = nets(&["127.0.0.1/32"]);
        assert_eq!(client_address(ip("::ffff:127.0.0.1"), ["203.0.113.7"].into_iter(), &trusted), ip("203.0.113.7"));
    }
}
