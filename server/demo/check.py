#!/usr/bin/env python3
"""Sanity checks for the demo catalogue (a quick aid while editing; the real tests are in Rust).

Usage: python3 server/demo/check.py [path/to/catalogue.json]
Exits non-zero with a list of problems. Image files are checked against web/public/demo/ when present.
"""
import json
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PUBLIC = REPO / "web" / "public"
problems = []


def fail(msg):
    problems.append(msg)


def is_text(v):
    return isinstance(v, dict) and set(v) == {"vi", "en"}


def walk(node, path="$"):
    """Every {vi, en} pair anywhere in the file has two non-empty strings."""
    if isinstance(node, dict):
        if "vi" in node or "en" in node:
            if not is_text(node):
                fail(f"{path}: a localised text must have exactly the keys vi and en, got {sorted(node)}")
            for lang in ("vi", "en"):
                v = node.get(lang)
                if not isinstance(v, str) or not v.strip():
                    fail(f"{path}.{lang}: empty or missing")
            return
        for k, v in node.items():
            walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            walk(v, f"{path}[{i}]")


def need_text(obj, field, where):
    if not is_text(obj.get(field)):
        fail(f"{where}.{field}: expected {{vi, en}}")


def parse_time(s, where):
    try:
        return datetime.fromisoformat(s.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        fail(f"{where}: not an ISO timestamp: {s!r}")
        return None


def need_image(p, where):
    if not isinstance(p, str) or not re.fullmatch(r"/demo/[a-z0-9-]+\.svg", p):
        fail(f"{where}: image path must look like /demo/<name>.svg, got {p!r}")
        return
    if (PUBLIC / "demo").is_dir():
        f = PUBLIC / p.lstrip("/")
        if not f.is_file():
            fail(f"{where}: {p} does not exist in web/public")


def count(items, n, name, at_least=False):
    if (len(items) < n) if at_least else (len(items) != n):
        fail(f"{name}: expected {'at least ' if at_least else ''}{n}, got {len(items)}")


def fold(s):
    """Diacritic-insensitive lowercase form, đ included (mirrors the shared search normalisation)."""
    s = s.replace("đ", "d").replace("Đ", "D")
    s = "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")
    return s.lower()


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "catalogue.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    walk(doc)

    levels = {x["key"] for x in doc["levels"]}
    types = {x["key"] for x in doc["courseTypes"]}
    cats = {x["key"] for x in doc["categories"]}
    teachers = {x["username"]: x for x in doc["teachers"]}
    users = {**teachers, **{x["username"]: x for x in doc["students"]}}

    count(doc["categories"], 10, "categories")
    count(doc["courseTypes"], 3, "courseTypes", at_least=True)
    count(doc["teachers"], 8, "teachers")
    count(doc["courses"], 28, "courses")
    count(doc["posts"], 6, "posts", at_least=True)
    count(doc["feed"], 8, "feed")
    count(doc["banners"], 3, "banners")
    count(doc["testimonials"], 4, "testimonials")
    count(doc["syllabuses"], 3, "syllabuses")
    count(doc["subjects"], 6, "subjects")
    if len(users) != len(doc["teachers"]) + len(doc["students"]):
        fail("usernames are not unique")
    emails = [u["email"] for u in users.values()]
    if len(set(emails)) != len(emails):
        fail("e-mails are not unique")

    for k in ("heroInstructorAvatars",):
        count(doc["site"][k], 4, f"site.{k}")
        for i, p in enumerate(doc["site"][k]):
            need_image(p, f"site.{k}[{i}]")
    for k in ("heroImage", "coursePlaceholder", "postPlaceholder", "categoryPlaceholder", "avatarPlaceholder"):
        need_image(doc["site"][k], f"site.{k}")

    for c in doc["categories"]:
        w = f"categories[{c['key']}]"
        need_text(c, "name", w)
        need_image(c["image"], w + ".image")

    for u in users.values():
        w = f"users[{u['username']}]"
        if len(u["username"]) < 6:
            fail(f"{w}: username shorter than 6")
        if not u["email"].endswith("@academy.vn"):
            fail(f"{w}: e-mail must use the demo domain @academy.vn")
        for f in ("firstName", "lastName", "phoneNumber", "address"):
            if not u.get(f):
                fail(f"{w}.{f}: missing")
        need_image(u["avatar"], w + ".avatar")
    for t in doc["teachers"]:
        w = f"teachers[{t['username']}]"
        need_text(t, "profession", w)
        need_text(t, "bio", w)
        if not 3 <= len(t["expertise"]) <= 6:
            fail(f"{w}: 3-6 expertise tags expected")
        for lang in ("vi", "en"):
            n = len(re.findall(r"(?<!TP)[.!?](\s|$)", t["bio"][lang]))
            if not 3 <= n <= 4:
                fail(f"{w}.bio.{lang}: 3-4 sentences expected, got {n}")
        if not t["mentorshipPlans"]:
            fail(f"{w}: no mentorship plans")
        for p in t["mentorshipPlans"]:
            need_text(p, "title", w)
            need_text(p, "shortDescription", w)
            if not (isinstance(p["price"], int) and p["price"] > 0 and p["currency"] == "VND"):
                fail(f"{w}.{p['key']}: price must be a positive whole number of đồng")
            if not 3 <= len(p["services"]) <= 7:
                fail(f"{w}.{p['key']}: 3-7 services expected")
            if not (isinstance(p["durationDays"], int) and p["durationDays"] > 0):
                fail(f"{w}.{p['key']}: durationDays")

    slugs = set()
    free = drafts = usd = discounted = 0
    per_cat = {k: 0 for k in cats}
    for c in doc["courses"]:
        w = f"courses[{c['slug']}]"
        if c["slug"] in slugs:
            fail(f"{w}: duplicate slug")
        slugs.add(c["slug"])
        for f in ("title", "description"):
            need_text(c, f, w)
        if not c["whatYouWillLearn"] or not c["requirements"]:
            fail(f"{w}: learn bullets and requirements are required")
        need_image(c["thumbnail"], w + ".thumbnail")
        if c["instructor"] not in teachers:
            fail(f"{w}: unknown instructor {c['instructor']}")
        if c["category"] not in cats:
            fail(f"{w}: unknown category {c['category']}")
        else:
            per_cat[c["category"]] += 1
        if c["type"] not in types:
            fail(f"{w}: unknown type {c['type']}")
        if c["level"] not in levels:
            fail(f"{w}: unknown level {c['level']}")
        if c["status"] not in ("published", "draft", "archived"):
            fail(f"{w}: bad status")
        drafts += c["status"] == "draft"
        if c["currency"] not in ("VND", "USD"):
            fail(f"{w}: currency")
        usd += c["currency"] == "USD"
        price, disc = c["price"], c["discount"]
        if not isinstance(price, int) or price < 0:
            fail(f"{w}: price must be a non-negative integer")
        if price == 0:
            free += 1
            if disc is not None:
                fail(f"{w}: a free course has no discount")
        if disc is not None:
            discounted += 1
            if not (isinstance(disc, int) and 0 < disc < price):
                fail(f"{w}: discount (sale price) must be an integer below price")
        if c["currency"] == "VND" and price % 1000:
            fail(f"{w}: VND prices are round thousands of đồng")
        if c["courseBadge"] is not None and not is_text(c["courseBadge"]):
            fail(f"{w}: courseBadge must be null or {{vi, en}}")
        if not (isinstance(c["totalSeat"], int) and c["totalSeat"] > 0):
            fail(f"{w}: totalSeat")
        if not 3.8 <= c["ratingAverage"] <= 4.9 or c["ratingCount"] <= 0:
            fail(f"{w}: rating out of range")
        if c["enrollmentCount"] < c["ratingCount"]:
            fail(f"{w}: fewer enrolments than ratings")
        t0, t1 = parse_time(c["createdAt"], w), parse_time(c["updatedAt"], w)
        if t0 and t1 and (t1 < t0 or not 2025 <= t0.year <= 2026):
            fail(f"{w}: createdAt must be in 2025-2026 and not after updatedAt")
        if not 3 <= len(c["sections"]) <= 5:
            fail(f"{w}: 3-5 sections expected")
        for si, s in enumerate(c["sections"]):
            need_text(s, "title", f"{w}.sections[{si}]")
            if not 3 <= len(s["lessons"]) <= 6:
                fail(f"{w}.sections[{si}]: 3-6 lessons expected")
            for li, l in enumerate(s["lessons"]):
                lw = f"{w}.sections[{si}].lessons[{li}]"
                need_text(l, "title", lw)
                if not (isinstance(l["durationSeconds"], int) and l["durationSeconds"] > 0):
                    fail(f"{lw}: durationSeconds")
                if not l["videoUrl"].startswith("https://www.youtube.com/embed/"):
                    fail(f"{lw}: videoUrl must be a YouTube embed URL (lesson links name YouTube, Vimeo or our files)")
                if not isinstance(l["freePreview"], bool):
                    fail(f"{lw}: freePreview must be a boolean")
        if not c["sections"][0]["lessons"][0]["freePreview"]:
            fail(f"{w}: the first lesson must be a free preview")
    if free < 4:
        fail(f"at least 4 free courses expected, got {free}")
    if drafts != 2:
        fail(f"2 drafts expected, got {drafts}")
    if usd:
        fail(f"the academy sells in VND only (VietQR and VNPay take VND): {usd} courses in another currency")
    if discounted < 4:
        fail(f"at least 4 discounted courses expected, got {discounted}")
    empty = [k for k, n in per_cat.items() if n == 0]
    if empty:
        fail(f"categories without courses: {empty}")

    # The search tests rely on these titles.
    titles = [fold(c["title"]["vi"]) for c in doc["courses"]]
    if not any("lap trinh" in t for t in titles):
        fail('no course title contains "Lập trình"')
    if not any("do hoa" in t for t in titles):
        fail('no course title contains "đồ họa"')
    if "đ" not in json.dumps(doc, ensure_ascii=False).lower():
        fail("no đ anywhere: Vietnamese texts look stripped of diacritics")

    long_titles = 0
    for p in doc["posts"]:
        w = f"posts[{p['slug']}]"
        for f in ("title", "excerpt", "content"):
            need_text(p, f, w)
        long_titles += len(p["title"]["vi"]) > 50
        for lang in ("vi", "en"):
            html = p["content"][lang]
            for tag in ("<h2>", "<p>", "<ul>"):
                if tag not in html:
                    fail(f"{w}.content.{lang}: missing {tag}")
            try:
                ET.fromstring(f"<div>{html}</div>")
            except ET.ParseError as e:
                fail(f"{w}.content.{lang}: not well-formed HTML ({e})")
        if p["author"] not in users:
            fail(f"{w}: unknown author")
        if not p["images"]:
            fail(f"{w}: no images")
        for i, img in enumerate(p["images"]):
            need_image(img, f"{w}.images[{i}]")
        parse_time(p["createdAt"], w)
    if long_titles < 2:
        fail("at least 2 post titles longer than 50 characters expected")

    for i, f in enumerate(doc["feed"]):
        w = f"feed[{i}]"
        need_text(f, "text", w)
        if f["author"] not in users:
            fail(f"{w}: unknown author")
        if f.get("image"):
            need_image(f["image"], w + ".image")
        parse_time(f["createdAt"], w)
    for b in doc["banners"]:
        need_text(b, "title", f"banners[{b['key']}]")
        need_text(b, "subtitle", f"banners[{b['key']}]")
        need_image(b["image"], f"banners[{b['key']}].image")
        if not b["link"].startswith("/"):
            fail(f"banners[{b['key']}]: link must be a site path")
    for i, t in enumerate(doc["testimonials"]):
        need_text(t, "quote", f"testimonials[{i}]")
        need_text(t, "position", f"testimonials[{i}]")
        if not t.get("name"):
            fail(f"testimonials[{i}]: name")
    codes = {s["code"] for s in doc["subjects"]}
    if len(codes) != len(doc["subjects"]):
        fail("subject codes are not unique")
    for s in doc["subjects"] + doc["syllabuses"]:
        w = f"{s['code']}"
        need_text(s, "name", w)
        need_text(s, "description", w)
        if s["owner"] not in teachers:
            fail(f"{w}: owner must be a teacher")
    for s in doc["syllabuses"]:
        for code in s["subjects"]:
            if code not in codes:
                fail(f"{s['code']}: unknown subject {code}")

    art = PUBLIC / "demo"
    svgs = sorted(art.glob("*.svg")) if art.is_dir() else []
    for f in svgs:
        if f.stat().st_size >= 6 * 1024:
            fail(f"{f.name}: {f.stat().st_size} bytes, keep demo art under 6 KB")
        try:
            root = ET.parse(f).getroot()
            if root.tag != "{http://www.w3.org/2000/svg}svg":
                fail(f"{f.name}: root element is not an SVG")
        except ET.ParseError as e:
            fail(f"{f.name}: not well-formed XML ({e})")
        if "http" in f.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", ""):
            fail(f"{f.name}: demo art must not reference external URLs")

    if problems:
        print("\n".join(problems))
        print(f"\n{len(problems)} problem(s)")
        sys.exit(1)
    n_lessons = sum(len(s["lessons"]) for c in doc["courses"] for s in c["sections"])
    print(f"ok: {len(doc['categories'])} categories, {len(doc['courses'])} courses ({free} free, {drafts} drafts, "
          f"{usd} USD), {n_lessons} lessons, {len(doc['teachers'])} teachers, {len(doc['students'])} students, "
          f"{len(doc['posts'])} posts, {len(doc['feed'])} feed posts, {len(svgs)} SVG files")


if __name__ == "__main__":
    main()
