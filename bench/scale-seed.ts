// The bulk seed of `npm run bench:scale`: restaurants with a menu and hours, an owner session each,
// customers with sessions, and years of order history — generate_series in the database, not row by row.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../apps/server/src/http/session';

export type ScaleTenant = {
  restaurantId: string;
  slug: string;
  productId: string;
  /** The cash method of the PDV, whose cash session the seed leaves open. */
  cashMethodId: string;
  ownerToken: string;
  customerTokens: string[];
};

const token = () => randomBytes(32).toString('base64url');

/**
 * Seeds `restaurants` restaurants (the first one with `largest` orders of history, the others sharing
 * the rest of `orders`) and answers what the load needs of each: slug, a product, session tokens.
 */
export async function seedScale(
  url: string,
  options: { restaurants: number; orders: number; largest: number; customersEach: number },
): Promise<ScaleTenant[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const n = options.restaurants;
  const each = Math.floor((options.orders - options.largest) / Math.max(1, n - 1));
  try {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    // Ids derived from the restaurant's number, so every later statement can join on them; shaped as
    // version-4 UUIDs, which is what the API accepts.
    await q(`create function pg_temp.uid(text) returns uuid language sql immutable as $$
      select (substr(md5($1), 1, 12) || '4' || substr(md5($1), 14, 3) || 'a' || substr(md5($1), 18, 15))::uuid $$`);
    await q(
      `insert into app_users (id, email, name, password_hash)
       select pg_temp.uid('u' || g)::uuid, 'dono-' || g || '@escala.teste', 'Dono ' || g, 'sem-senha'
       from generate_series(1, $1) g`,
      [n],
    );
    await q(
      `insert into restaurants (id, slug, name, owner_id, order_seq)
       select pg_temp.uid('r' || g)::uuid, 'escala-' || g, 'Restaurante Escala ' || g, pg_temp.uid('u' || g)::uuid,
              case when g = 1 then $2::int else $3::int end
       from generate_series(1, $1) g`,
      [n, options.largest, each],
    );
    await q(
      `insert into restaurant_hours (restaurant_id, day_of_week, is_closed, open_time, close_time)
       select pg_temp.uid('r' || g)::uuid, d, false, '00:00', '23:59'
       from generate_series(1, $1) g, generate_series(0, 6) d`,
      [n],
    );
    await q(
      `insert into categories (id, restaurant_id, name, sort_order)
       select pg_temp.uid('c' || g || '-' || c)::uuid, pg_temp.uid('r' || g)::uuid, 'Categoria ' || c, c
       from generate_series(1, $1) g, generate_series(1, 4) c`,
      [n],
    );
    await q(
      `insert into products (id, restaurant_id, category_id, name, description, price, controle_estoque, estoque)
       select pg_temp.uid('p' || g || '-' || p)::uuid, pg_temp.uid('r' || g)::uuid, pg_temp.uid('c' || g || '-' || (1 + p % 4))::uuid,
              'Produto ' || p, 'Descrição do produto ' || p || ' com ingredientes da casa',
              1000 + p * 150, p = 1, case when p = 1 then 100000000 else 0 end
       from generate_series(1, $1) g, generate_series(1, 24) p`,
      [n],
    );
    // Every restaurant's register is open, with cash as a payment method: the load rings up PDV sales.
    await q(
      `insert into payment_methods (id, restaurant_id, name, requires_change)
       select pg_temp.uid('m' || g)::uuid, pg_temp.uid('r' || g)::uuid, 'Dinheiro', true from generate_series(1, $1) g`,
      [n],
    );
    await q(
      `insert into cash_register_sessions (restaurant_id, employee_name, initial_amount)
       select pg_temp.uid('r' || g)::uuid, 'Dono ' || g, 10000 from generate_series(1, $1) g`,
      [n],
    );
    await q(
      `insert into customers (id, restaurant_id, name, phone, email)
       select pg_temp.uid('k' || g || '-' || k)::uuid, pg_temp.uid('r' || g)::uuid, 'Cliente ' || k, '11987654321',
              'cliente-' || g || '-' || k || '@escala.teste'
       from generate_series(1, $1) g, generate_series(1, $2) k`,
      [n, options.customersEach],
    );
    // As a bulk load does: the history's secondary indexes are built once it is in, not row by row.
    const deferred = await q(
      `select format('drop index %I', indexname) as drop, indexdef as "create" from pg_indexes i
       where schemaname = 'public' and tablename in ('orders', 'order_items')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of deferred.rows) await q(index.drop);
    // Nor are its rows checked and counted one by one: the keys this seed writes hold by construction, and
    // the customers' totals are counted at the end as migration 0032 counts a history it finds (the
    // history took 212 s with each row's foreign keys and totals trigger, 70 s without).
    await q(`set session_replication_role = replica`);
    // History: the largest restaurant first, then the others, spread over two years.
    await q(
      `insert into orders (restaurant_id, number, customer_id, customer_name, customer_phone, delivery_type,
         payment_method, payment_status, subtotal, total, status, created_at)
       select pg_temp.uid('r' || r)::uuid, o, pg_temp.uid('k' || r || '-' || (1 + o % $4))::uuid, 'Cliente', '11987654321',
              case when o % 3 = 0 then 'delivery' else 'pickup' end, 'Dinheiro', 'approved', 2500, 2500,
              case when o % 25 = 0 then 'cancelled' else 'delivered' end,
              now() - interval '2 hours' - (o::float8 / $5 * interval '730 days')
       from (select 1 as r, o, $2::int as total from generate_series(1, $2) o
             union all
             select r, o, $3::int from generate_series(2, $1) r, generate_series(1, $3) o) h`,
      [n, options.largest, each, options.customersEach, Math.max(options.largest, each)],
    );
    await q(
      `insert into order_items (restaurant_id, order_id, product_id, name, quantity, unit_price, total_price)
       select o.restaurant_id, o.id, null, 'Produto 2', 1, 2500, 2500 from orders o`,
    );
    await q(`set session_replication_role = origin`);
    await q(`insert into customer_order_totals (customer_id, restaurant_id, orders, spent, last_order_at)
       select customer_id, restaurant_id, count(*), coalesce(sum(total) filter (where status <> 'cancelled'), 0), max(created_at)
       from orders where customer_id is not null group by customer_id, restaurant_id`);
    await q(`set maintenance_work_mem = '256MB'`);
    for (const index of deferred.rows) await q(index.create);
    // As autovacuum leaves a table that stopped growing: statistics, and pages marked all-visible.
    await q('vacuum analyze');

    const tenants: ScaleTenant[] = Array.from({ length: n }, (_, i) => ({
      restaurantId: '',
      slug: `escala-${i + 1}`,
      productId: '',
      cashMethodId: '',
      ownerToken: token(),
      customerTokens: Array.from({ length: options.customersEach }, token),
    }));
    const ids = await q(
      `select g, pg_temp.uid('r' || g)::uuid::text as restaurant, pg_temp.uid('p' || g || '-1')::uuid::text as product,
              pg_temp.uid('m' || g)::uuid::text as method
       from generate_series(1, $1) g order by g`,
      [n],
    );
    for (const row of ids.rows) {
      tenants[row.g - 1].restaurantId = row.restaurant;
      tenants[row.g - 1].productId = row.product;
      tenants[row.g - 1].cashMethodId = row.method;
    }
    const expires = new Date(Date.now() + 6 * 3600_000);
    const sessions: unknown[][] = [];
    for (const [i, t] of tenants.entries()) {
      sessions.push([hashToken(t.ownerToken), 'owner', `u${i + 1}`, null, t.restaurantId]);
      for (const [k, c] of t.customerTokens.entries()) {
        sessions.push([hashToken(c), 'customer', null, `k${i + 1}-${k + 1}`, t.restaurantId]);
      }
    }
    for (let i = 0; i < sessions.length; i += 2000) {
      const batch = sessions.slice(i, i + 2000);
      const values = batch.map(
        (_, j) =>
          `($${j * 5 + 1}, $${j * 5 + 2}, pg_temp.uid($${j * 5 + 3})::uuid, pg_temp.uid($${j * 5 + 4})::uuid, $${j * 5 + 5}::uuid, $${batch.length * 5 + 1}::timestamptz)`,
      );
      await q(
        `insert into sessions (token_hash, kind, app_user_id, customer_id, restaurant_id, expires_at) values ${values.join(', ')}`,
        [...batch.flat(), expires.toISOString()],
      );
    }
    return tenants;
  } finally {
    await client.end();
  }
}
