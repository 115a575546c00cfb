import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, countries, products, settings, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { isoCountries } from './countries';
import { DEFAULT_SETTINGS, demoStatusText } from './settings';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoAddresses } from './demo-addresses';
import { DEMO_BANNER_PRODUCT, seedCatalogue } from './catalogue';
import { seedClosedDays, seedDeliveryTypes } from './delivery';

/** Reference data every install needs: all countries, the named settings and the bank holidays. Idempotent. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(countries).values(isoCountries()).onConflictDoNothing({ target: countries.code });
  await db.insert(settings).values(DEFAULT_SETTINGS).onConflictDoNothing({ target: settings.name });
  await seedClosedDays(db);
}

/** Demo accounts on an empty database; returns the logins it created (none when users exist). */
export async function seedDemo(db: Db): Promise<Array<{ email: string; password: string; role: string }>> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return [];
  const [gb] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'GB'));
  for (const account of DEMO_ACCOUNTS) {
    const { password, companyName, ...profile } = account;
    // Each demo account owns its company, which holds the name (and the address it trades from).
    const [company] = await db
      .insert(companies)
      .values({ name: companyName, address1: profile.address1, town: profile.town, postcode: profile.postcode, countryId: gb?.id ?? null })
      .returning({ id: companies.id });
    await db.insert(users).values({ ...profile, countryId: gb?.id ?? null, passwordHash: await hashPassword(password), companyId: company.id });
  }
  await seedDemoAddresses(db);
  await seedCatalogue(db);
  await seedDeliveryTypes(db);
  await agreeStatusText(db);
  return DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role }));
}

/** The demo banner promises what the demo's quotes say: its cut-off and its business cards' production days. */
async function agreeStatusText(db: Db): Promise<void> {
  const [cards] = await db.select({ days: products.productionDays }).from(products).where(eq(products.name, DEMO_BANNER_PRODUCT));
  const [cutoff] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, 'CUTOFF_TIME'));
  if (!cards || !cutoff) return;
  await db
    .update(settings)
    .set({ value: demoStatusText(cutoff.value, cards.days, 'business cards'), updatedAt: new Date() })
    .where(eq(settings.name, 'STATUS_TEXT'));
}
