// Benchmark data, generated inside PostgreSQL with generate_series (a few seconds for 100,000
// listings, where inserting row by row from Node would take minutes). Deterministic: hashes of
// the row numbers stand in for randomness, so every run loads the same marketplace.
//
// Per listing: a city (Ahmedabad 40%, Vadodara 15%, Gandhinagar 12%, and four cities without a
// known centre), a position scattered around the city centre, a log-normal nightly price (median
// about ₹1,650), pet sizes, 30% verified hosts, 3% paused, 1-3 photos; accepted stays and blocked
// nights over the next four months (the holds search must avoid); completed past stays with
// published reviews for 60% of listings (the ratings); and unanswered requests, which hold nothing.

/** Cities with their share of listings (%), centre and scatter (degrees). */
export const BENCH_CITIES = [
  { name: 'Ahmedabad', share: 40, lat: 23.0225, lng: 72.5714, spread: 0.06 },
  { name: 'Vadodara', share: 15, lat: 22.3072, lng: 73.1812, spread: 0.04 },
  { name: 'Gandhinagar', share: 12, lat: 23.2156, lng: 72.6369, spread: 0.04 },
  { name: 'Surat', share: 13, lat: 21.1702, lng: 72.8311, spread: 0.05 },
  { name: 'Rajkot', share: 8, lat: 22.3039, lng: 70.8022, spread: 0.04 },
  { name: 'Mumbai', share: 7, lat: 19.076, lng: 72.8777, spread: 0.06 },
  { name: 'Pune', share: 5, lat: 18.5204, lng: 73.8567, spread: 0.05 },
] as const;

/** A deterministic number in [0, 1) from a text key. */
const u = (key: string) => `((hashtext(${key}) & 2147483647) / 2147483648.0)`;

function citiesValues(): string {
  let from = 0;
  return BENCH_CITIES.map((c) => {
    const row = `('${c.name}', ${c.lat}, ${c.lng}, ${c.spread}, ${from}, ${from + c.share})`;
    from += c.share;
    return row;
  }).join(',\n    ');
}

/**
 * The statements that load `listings` listings (and their hosts, guests, photos, bookings, holds
 * and reviews) into a migrated, empty database. Run them in order on one connection. They run
 * with `session_replication_role = replica`, which skips foreign-key checks and the search
 * triggers (the data is consistent by construction); the last statements compute what the
 * triggers maintain through the migration's own functions, and rebuild the listings' indexes.
 */
export function benchDataStatements(listings: number): { label: string; sql: string }[] {
  const hosts = Math.max(1, Math.round(listings / 4));
  const guests = Math.max(1, Math.round(listings / 20));
  const today = `((now() at time zone 'UTC') + interval '5 hours 30 minutes')::date`;
  return [
    { label: 'bulk-load mode', sql: `set session_replication_role = replica` },
    {
      // Building the listings' indexes once at the end is much faster than updating them row by
      // row (100,000 inserts, then the refresh of every listing's maintained columns).
      label: 'set the listings indexes aside',
      sql: `create temporary table bench_deferred_indexes as
          select indexname, indexdef from pg_indexes
          where schemaname = current_schema() and tablename = 'listings'
            and indexname not in (select conname from pg_constraint);
        do $$ declare r record; begin
          for r in select indexname from bench_deferred_indexes loop execute format('drop index %I', r.indexname); end loop;
        end $$`,
    },
    {
      label: 'users',
      sql: `insert into users (id, email, name, email_verified, created_at)
        select md5('bench-host-' || g)::uuid, 'host' || g || '@bench.pawstay.in', 'Host ' || g, true, now() - interval '400 days'
        from generate_series(1, ${hosts}) g
        union all
        select md5('bench-guest-' || g)::uuid, 'guest' || g || '@bench.pawstay.in', 'Guest ' || g, true, now() - interval '300 days'
        from generate_series(1, ${guests}) g`,
    },
    {
      label: 'listings',
      sql: `with cities(name, lat, lng, spread, lo, hi) as (values
    ${citiesValues()}
  ), src as (
    select g, floor(${u("'c' || g")} * 100) as bucket,
      ${u("'a' || g")} as u1, ${u("'b' || g")} as u2, ${u("'d' || g")} as u3, ${u("'e' || g")} as u4,
      ${u("'p' || g")} as p1, ${u("'q' || g")} as p2, ${u("'s' || g")} as rs, ${u("'v' || g")} as rv, ${u("'t' || g")} as rt
    from generate_series(1, ${listings}) g
  )
  insert into listings (id, host_id, title, description, address, city, state, nightly_price_inr, deposit_inr,
    lat, lng, exact_lat, exact_lng, status, verified, size_supported, amenities, max_pets, pet_types, vaccinations_required, created_at, updated_at)
  select md5('bench-listing-' || g)::uuid, md5('bench-host-' || (g % ${hosts} + 1))::uuid,
    'Pet-friendly stay ' || g || ' in ' || c.name,
    'A calm home with room for pets to play, two walks a day and a vet nearby. Listing number ' || g || '.',
    g || ' Bench Road, ' || c.name, c.name, 'Gujarat',
    greatest(300, least(25000, round(exp(7.4 + 0.55 * sqrt(-2 * ln(1 - p1)) * cos(2 * pi() * p2)) / 50) * 50))::int,
    1000,
    c.lat + c.spread * sqrt(-2 * ln(1 - u1)) * cos(2 * pi() * u2),
    c.lng + c.spread * sqrt(-2 * ln(1 - u3)) * cos(2 * pi() * u4),
    -- Already scattered at random: the benchmark's homes are their own public positions.
    c.lat + c.spread * sqrt(-2 * ln(1 - u1)) * cos(2 * pi() * u2),
    c.lng + c.spread * sqrt(-2 * ln(1 - u3)) * cos(2 * pi() * u4),
    case when rt < 0.97 then 'active' else 'inactive' end,
    rv < 0.3,
    (case when rs < 0.35 then '{small,medium,large}' when rs < 0.55 then '{small,medium}' when rs < 0.65 then '{medium,large}'
      when rs < 0.77 then '{small}' when rs < 0.87 then '{medium}' when rs < 0.95 then '{large}' else '{small,large}' end)::text[],
    array(select a.name from unnest(array['WiFi', 'Fenced garden', 'Air conditioning', 'Pet bowls', 'Parking', 'Vet nearby', 'Dog walking', 'Balcony'])
      with ordinality a(name, i) where ((hashint4(g) >> i::int) & 1) = 1),
    2,
    -- Pet policies: most homes take dogs and cats, some dogs only, a few cats only; about 30% require vaccinations.
    (case when (hashint4(g * 7) & 1023) < 614 then '{dog,cat}' when (hashint4(g * 7) & 1023) < 921 then '{dog}' else '{cat}' end)::text[],
    (hashint4(g * 13) & 1023) < 307,
    now() - (g % 700) * interval '1 day', now()
  from src join cities c on src.bucket >= c.lo and src.bucket < c.hi`,
    },
    {
      label: 'photos',
      sql: `insert into listing_photos (listing_id, url, width, height, alt, sort_order, created_at)
        select l.id, '/uploads/photos/bench-' || md5(l.id::text || k) || '-1600.webp', 1600, 1067,
          'Photo ' || (k + 1) || ' of ' || l.title, k, l.created_at
        from listings l cross join generate_series(0, 2) k
        where k <= abs(hashtext(l.id::text)) % 3`,
    },
    {
      // Future confirmed (paid) stays in 15-day slots (1-7 nights starting in the slot's first 8 days) and
      // past completed ones in 10-day slots: never overlapping, as the exclusion constraint wants.
      label: 'stays (temporary table)',
      sql: `create temporary table bench_stays as
        select md5('bench-stay-' || l.id || '-' || k)::uuid as id, l.id as listing_id, l.host_id, l.nightly_price_inr as price,
          l.size_supported[1] as size, 'confirmed' as status,
          ${today} + k * 15 + abs(hashtext(l.id::text || 'o' || k)) % 8 as start_date,
          1 + abs(hashtext(l.id::text || 'n' || k)) % 7 as nights, 0 as stars
        from listings l cross join generate_series(0, 7) k
        where abs(hashtext(l.id::text || 's' || k)) % 100 < 35
        union all
        select md5('bench-past-' || l.id || '-' || k)::uuid, l.id, l.host_id, l.nightly_price_inr, l.size_supported[1], 'completed',
          ${today} - k * 10 - 5 + abs(hashtext(l.id::text || 'o' || k)) % 5,
          1 + abs(hashtext(l.id::text || 'n' || k)) % 4,
          greatest(1, least(5, round(3.4 + (abs(hashtext(l.id::text)) % 16) / 10.0
            + ((abs(hashtext(l.id::text || 'r' || k)) % 100) / 100.0 - 0.5) * 2)))::int
        from listings l cross join generate_series(1, 13) k
        where abs(hashtext(l.id::text || 'h')) % 100 < 60
          and k <= 1 + floor(power((abs(hashtext(l.id::text || 'c')) % 1000) / 1000.0, 2) * 12)`,
    },
    { label: 'stays: statistics', sql: `analyze bench_stays` },
    {
      label: 'bookings',
      sql: `insert into bookings (id, listing_id, owner_id, start_date, end_date, nights, size, price_subtotal_paise, taxes_paise,
          platform_fee_paise, total_paise, status, responded_at)
        select s.id, s.listing_id, md5('bench-guest-' || (abs(hashtext(s.id::text)) % ${guests} + 1))::uuid,
          s.start_date, s.start_date + s.nights, s.nights, s.size, s.price * s.nights * 100,
          round(s.price * s.nights * 0.05) * 100, round(s.price * s.nights * 0.05) * 100,
          (s.price * s.nights + round(s.price * s.nights * 0.05)) * 100, s.status, now()
        from bench_stays s
        union all
        select md5('bench-request-' || g)::uuid, md5('bench-listing-' || (g * 7 % ${listings} + 1))::uuid,
          md5('bench-guest-' || (g % ${guests} + 1))::uuid, ${today} + 20 + g % 60, ${today} + 22 + g % 60, 2, 'small',
          300000, 15000, 15000, 315000, 'requested', null
        from generate_series(1, ${Math.round(listings / 2)}) g`,
    },
    {
      label: 'calendar holds',
      sql: `insert into calendar_holds (listing_id, during, kind, booking_id)
        select listing_id, daterange(start_date, start_date + nights, '[)'), 'stay', id from bench_stays
        union all
        -- Blocked nights: the last night of some 15-day slots, which no stay reaches.
        select l.id, daterange(${today} + k * 15 + 14, ${today} + k * 15 + 15, '[)'), 'blocked', null
        from listings l cross join generate_series(0, 7) k
        where abs(hashtext(l.id::text || 'b' || k)) % 100 < 30`,
    },
    {
      label: 'reviews',
      sql: `insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at, created_at)
        select b.id, b.listing_id, b.owner_id, s.host_id, 'listing', s.stars, 'Lovely stay, our dog was happy.', b.end_date + 3, b.end_date + 1
        from bench_stays s join bookings b on b.id = s.id
        where s.status = 'completed'`,
    },
    { label: 'normal mode', sql: `set session_replication_role = origin` },
    {
      label: 'ratings, held nights and update shares (the triggers’ functions)',
      sql: `select listing_rating_refresh(ids), listing_availability_refresh(ids), listing_update_share_refresh(ids) from (select array(select id from listings) as ids) as every_listing`,
    },
    {
      label: 'rebuild the listings indexes',
      sql: `do $$ declare r record; begin
          for r in select indexdef from bench_deferred_indexes loop execute r.indexdef; end loop;
        end $$`,
    },
  ];
}
