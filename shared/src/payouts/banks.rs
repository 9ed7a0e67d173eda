//! The Vietnamese banks a payout can be sent to, with their NAPAS BINs: the list the `vietnam-qr-pay` package
//! (MIT, version 1.5.1) keeps, by the names banks use today (renamed banks under their new names: Vikki Bank for
//! DongA Bank, MBV for Ocean Bank, LPBank for LienVietPostBank), banks without a BIN left out. Every bank here
//! receives NAPAS 24/7 transfers; `pays_vietqr` says whether its app can also pay a VietQR code.

/// A bank that can receive a payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bank {
    /// The 6-digit NAPAS BIN, e.g. `970436`.
    pub bin: &'static str,
    /// The bank's short code, e.g. `VCB`.
    pub code: &'static str,
    /// The name people use, e.g. `Vietcombank`.
    pub short_name: &'static str,
    /// The bank's legal name in Vietnamese.
    pub name: &'static str,
    /// Whether its app pays VietQR codes (all of them receive transfers).
    pub pays_vietqr: bool,
}

/// Every bank a payout can go to, by short name.
pub const BANKS: &[Bank] = &[
    Bank { bin: "970425", code: "ABB", short_name: "AB Bank", name: "Ngân hàng TMCP An Bình", pays_vietqr: true },
    Bank { bin: "970416", code: "ACB", short_name: "ACB", name: "Ngân hàng TMCP Á Châu", pays_vietqr: true },
    Bank {
        bin: "970405",
        code: "AGRIBANK",
        short_name: "Agribank",
        name: "Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam",
        pays_vietqr: true,
    },
    Bank { bin: "970409", code: "BAB", short_name: "BacA Bank", name: "Ngân hàng TMCP Bắc Á", pays_vietqr: true },
    Bank {
        bin: "970438",
        code: "BAOVIETBANK",
        short_name: "BaoViet Bank",
        name: "Ngân hàng TMCP Bảo Việt",
        pays_vietqr: true,
    },
    Bank {
        bin: "970418",
        code: "BID",
        short_name: "BIDV",
        name: "Ngân hàng TMCP Đầu tư và Phát triển Việt Nam",
        pays_vietqr: true,
    },
    Bank { bin: "970454", code: "BVB", short_name: "BVBank", name: "Ngân hàng TMCP Bản Việt", pays_vietqr: true },
    Bank {
        bin: "546034",
        code: "CAKE",
        short_name: "CAKE by VPBank",
        name: "Ngân hàng số CAKE by VPBank - Ngân hàng TMCP Việt Nam Thịnh Vượng",
        pays_vietqr: true,
    },
    Bank {
        bin: "970444",
        code: "VNCB",
        short_name: "CB Bank",
        name: "Ngân hàng Thương mại TNHH MTV Xây dựng Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "422589",
        code: "CIMB",
        short_name: "CIMB Bank",
        name: "Ngân hàng TNHH MTV CIMB Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "970446",
        code: "COOPBANK",
        short_name: "Co-op Bank",
        name: "Ngân hàng Hợp tác xã Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "796500",
        code: "DBS",
        short_name: "DBS Bank",
        name: "NH TNHH MTV Phát triển Singapore - Chi nhánh TP. Hồ Chí Minh",
        pays_vietqr: false,
    },
    Bank {
        bin: "970431",
        code: "EIB",
        short_name: "Eximbank",
        name: "Ngân hàng TMCP Xuất Nhập khẩu Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970408",
        code: "GPBANK",
        short_name: "GPBank",
        name: "Ngân hàng Thương mại TNHH MTV Dầu Khí Toàn Cầu",
        pays_vietqr: false,
    },
    Bank {
        bin: "970437",
        code: "HDB",
        short_name: "HDBank",
        name: "Ngân hàng TMCP Phát triển TP. Hồ Chí Minh",
        pays_vietqr: true,
    },
    Bank {
        bin: "970442",
        code: "HLB",
        short_name: "HongLeong Bank",
        name: "Ngân hàng TNHH MTV Hong Leong Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "458761",
        code: "HSBC",
        short_name: "HSBC Vietnam",
        name: "Ngân hàng TNHH MTV HSBC (Việt Nam)",
        pays_vietqr: false,
    },
    Bank {
        bin: "970456",
        code: "IBKHCM",
        short_name: "IBK HCM",
        name: "Ngân hàng Công nghiệp Hàn Quốc - Chi nhánh TP. Hồ Chí Minh",
        pays_vietqr: false,
    },
    Bank {
        bin: "970455",
        code: "IBKHN",
        short_name: "IBK HN",
        name: "Ngân hàng Công nghiệp Hàn Quốc - Chi nhánh Hà Nội",
        pays_vietqr: false,
    },
    Bank {
        bin: "970434",
        code: "IVB",
        short_name: "Indovina Bank",
        name: "Ngân hàng TNHH Indovina",
        pays_vietqr: false,
    },
    Bank {
        bin: "668888",
        code: "KBANK",
        short_name: "Kasikornbank",
        name: "Ngân hàng Đại chúng TNHH KASIKORNBANK - CN TP. Hồ Chí Minh",
        pays_vietqr: true,
    },
    Bank {
        bin: "970452",
        code: "KLB",
        short_name: "KienlongBank",
        name: "Ngân hàng TMCP Kiên Long",
        pays_vietqr: true,
    },
    Bank {
        bin: "970463",
        code: "KBHCM",
        short_name: "Kookmin Bank HCM",
        name: "Ngân hàng Kookmin - Chi nhánh TP. Hồ Chí Minh",
        pays_vietqr: false,
    },
    Bank {
        bin: "970462",
        code: "KBHN",
        short_name: "Kookmin Bank HN",
        name: "Ngân hàng Kookmin - Chi nhánh Hà Nội",
        pays_vietqr: false,
    },
    Bank {
        bin: "963369",
        code: "LIOBANK",
        short_name: "Liobank",
        name: "Ngân hàng số Liobank - Ngân hàng TMCP Phương Đông",
        pays_vietqr: true,
    },
    Bank {
        bin: "970449",
        code: "LPB",
        short_name: "LPBank",
        name: "Ngân hàng TMCP Lộc Phát Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970422", code: "MBB", short_name: "MB Bank", name: "Ngân hàng TMCP Quân đội", pays_vietqr: true
    },
    Bank {
        bin: "970414",
        code: "MBV",
        short_name: "MBV",
        name: "Ngân hàng TNHH MTV Việt Nam Hiện Đại",
        pays_vietqr: true,
    },
    Bank {
        bin: "971025",
        code: "MOMO",
        short_name: "MoMo",
        name: "CTCP Dịch Vụ Di Động Trực Tuyến",
        pays_vietqr: true,
    },
    Bank { bin: "970426", code: "MSB", short_name: "MSB", name: "Ngân hàng TMCP Hàng Hải", pays_vietqr: true },
    Bank { bin: "970428", code: "NAB", short_name: "Nam A Bank", name: "Ngân hàng TMCP Nam Á", pays_vietqr: true },
    Bank {
        bin: "970419", code: "NVB", short_name: "NCB Bank", name: "Ngân hàng TMCP Quốc Dân", pays_vietqr: true
    },
    Bank {
        bin: "801011",
        code: "NONGHYUP",
        short_name: "Nonghyup Bank",
        name: "Ngân hàng Nonghyup - Chi nhánh Hà Nội",
        pays_vietqr: false,
    },
    Bank {
        bin: "970448", code: "OCB", short_name: "OCB Bank", name: "Ngân hàng TMCP Phương Đông", pays_vietqr: true
    },
    Bank {
        bin: "970430",
        code: "PGB",
        short_name: "PG Bank",
        name: "Ngân hàng TMCP Xăng dầu Petrolimex",
        pays_vietqr: true,
    },
    Bank {
        bin: "970439",
        code: "PBVN",
        short_name: "Public Bank Vietnam",
        name: "Ngân hàng TNHH MTV Public Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "970412",
        code: "PVCOMBANK",
        short_name: "PVcomBank",
        name: "Ngân hàng TMCP Đại Chúng Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970403",
        code: "STB",
        short_name: "Sacombank",
        name: "Ngân hàng TMCP Sài Gòn Thương Tín",
        pays_vietqr: true,
    },
    Bank {
        bin: "970400",
        code: "SGB",
        short_name: "SaigonBank",
        name: "Ngân hàng TMCP Sài Gòn Công Thương",
        pays_vietqr: true,
    },
    Bank { bin: "970429", code: "SCB", short_name: "SCB", name: "Ngân hàng TMCP Sài Gòn", pays_vietqr: true },
    Bank {
        bin: "970440", code: "SSB", short_name: "SeABank", name: "Ngân hàng TMCP Đông Nam Á", pays_vietqr: true
    },
    Bank {
        bin: "970443", code: "SHB", short_name: "SHB", name: "Ngân hàng TMCP Sài Gòn - Hà Nội", pays_vietqr: true
    },
    Bank {
        bin: "970424",
        code: "SVB",
        short_name: "Shinhan Bank",
        name: "Ngân hàng TNHH MTV Shinhan Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970410",
        code: "SC",
        short_name: "Standard Chartered Vietnam",
        name: "Ngân hàng TNHH MTV Standard Chartered Bank Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "970407",
        code: "TCB",
        short_name: "Techcombank",
        name: "Ngân hàng TMCP Kỹ thương Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "963388",
        code: "TIMO",
        short_name: "Timo",
        name: "Ngân hàng số Timo by Bản Việt Bank",
        pays_vietqr: true,
    },
    Bank { bin: "970423", code: "TPB", short_name: "TPBank", name: "Ngân hàng TMCP Tiên Phong", pays_vietqr: true },
    Bank {
        bin: "546035",
        code: "UBANK",
        short_name: "Ubank by VPBank",
        name: "Ngân hàng số Ubank by VPBank - Ngân hàng TMCP Việt Nam Thịnh Vượng",
        pays_vietqr: true,
    },
    Bank {
        bin: "970458",
        code: "UOB",
        short_name: "United Overseas Bank Vietnam",
        name: "Ngân hàng United Overseas Bank Việt Nam",
        pays_vietqr: false,
    },
    Bank {
        bin: "970441", code: "VIB", short_name: "VIB", name: "Ngân hàng TMCP Quốc tế Việt Nam", pays_vietqr: true
    },
    Bank { bin: "970427", code: "VAB", short_name: "VietABank", name: "Ngân hàng TMCP Việt Á", pays_vietqr: true },
    Bank {
        bin: "970433",
        code: "VBB",
        short_name: "VietBank",
        name: "Ngân hàng TMCP Việt Nam Thương Tín",
        pays_vietqr: true,
    },
    Bank {
        bin: "970436",
        code: "VCB",
        short_name: "Vietcombank",
        name: "Ngân hàng TMCP Ngoại Thương Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970415",
        code: "CTG",
        short_name: "VietinBank",
        name: "Ngân hàng TMCP Công thương Việt Nam",
        pays_vietqr: true,
    },
    Bank {
        bin: "970421",
        code: "VRB",
        short_name: "VietNgaBank",
        name: "Ngân hàng Liên doanh Việt - Nga",
        pays_vietqr: false,
    },
    Bank {
        bin: "970406",
        code: "VIKKI",
        short_name: "Vikki Bank",
        name: "Ngân hàng TNHH MTV Số Vikki",
        pays_vietqr: true,
    },
    Bank {
        bin: "970432",
        code: "VPB",
        short_name: "VPBank",
        name: "Ngân hàng TMCP Việt Nam Thịnh Vượng",
        pays_vietqr: true,
    },
    Bank {
        bin: "970457",
        code: "WRB",
        short_name: "Woori Bank",
        name: "Ngân hàng TNHH MTV Woori Việt Nam",
        pays_vietqr: false,
    },
];

/// The bank with this BIN.
pub fn bank_by_bin(bin: &str) -> Option<&'static Bank> {
    BANKS.iter().find(|bank| bank.bin == bin.trim())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_bin_is_six_digits() {
        for bank in BANKS {
            assert!(
                bank.bin.len() == 6 && bank.bin.bytes().all(|b| b.is_ascii_digit()),
                "{}: {}",
                bank.short_name,
                bank.bin
            );
        }
    }

    #[test]
    fn every_bin_is_listed_once() {
        let bins: BTreeSet<&str> = BANKS.iter().map(|bank| bank.bin).collect();
        assert_eq!(bins.len(), BANKS.len());
    }

    #[test]
    fn every_bank_has_its_names() {
        for bank in BANKS {
            assert!(!bank.code.is_empty() && !bank.short_name.is_empty() && !bank.name.is_empty(), "{bank:?}");
        }
    }

    #[test]
    fn the_big_banks_are_found_by_their_bin() {
        assert_eq!(bank_by_bin("970436").map(|b| b.short_name), Some("Vietcombank"));
        assert_eq!(bank_by_bin(" 970418 ").map(|b| b.short_name), Some("BIDV"));
        assert_eq!(bank_by_bin("970415").map(|b| b.short_name), Some("VietinBank"));
        assert_eq!(bank_by_bin("970407").map(|b| b.short_name), Some("Techcombank"));
        assert_eq!(bank_by_bin("970406").map(|b| b.short_name), Some("Vikki Bank"));
        assert_eq!(bank_by_bin("123456"), None);
    }
}
