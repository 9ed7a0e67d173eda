-- Carts: one per signed-in user, holding courses only; prices are read from the catalogue whenever the cart is
-- read or checked out, never stored here.
create table carts (
    id text primary key not null,
    user_id text not null references users (id) on delete cascade,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index carts_user_key on carts (user_id);

create table cart_items (
    id text primary key not null,
    cart_id text not null references carts (id) on delete cascade,
    course_id text not null references courses (id) on delete cascade,
    created_at bigint not null
);
create unique index cart_items_cart_course_key on cart_items (cart_id, course_id);
create index cart_items_course_idx on cart_items (course_id);
