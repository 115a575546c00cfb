import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { addresses, countries, users } from '../schema';

type DemoAddress = {
  firstname: string;
  lastname: string;
  companyName: string;
  telephone: string;
  email: string;
  address1: string;
  address2?: string;
  town: string;
  county?: string;
  postcode: string;
  country: string;
  isDefault?: boolean;
};

/**
 * The demo customers' address books: the agency ships to its clients (one of them abroad), the
 * café to its own branches. One address of each is the default, as /create preselects it.
 */
const DEMO_ADDRESS_BOOKS: Record<string, DemoAddress[]> = {
  'jane@inkwell-design.test': [
    {
      firstname: 'Priya',
      lastname: 'Shah',
      companyName: 'Shah & Daughters Florists',
      telephone: '0113 496 0456',
      email: 'priya@shahflorists.test',
      address1: '27 Kirkgate Market',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS2 7HY',
      country: 'GB',
      isDefault: true,
    },
    {
      firstname: 'Owen',
      lastname: 'Price',
      companyName: 'Harbour Lights Hotel',
      telephone: '029 2018 0123',
      email: 'owen@harbourlights.test',
      address1: 'Mermaid Quay',
      address2: 'Stuart Street',
      town: 'Cardiff',
      postcode: 'CF10 5BZ',
      country: 'GB',
    },
    {
      firstname: 'Aoife',
      lastname: 'Byrne',
      companyName: 'Byrne Events',
      telephone: '+353 1 555 0199',
      email: 'aoife@byrne-events.test',
      address1: '14 Baggot Street Lower',
      town: 'Dublin',
      postcode: 'D02 X285',
      country: 'IE',
    },
  ],
  'tom@cornercafe.test': [
    {
      firstname: 'Tom',
      lastname: 'Baker',
      companyName: 'The Corner Café',
      telephone: '01904 496 777',
      email: 'tom@cornercafe.test',
      address1: '3 High Street',
      town: 'York',
      postcode: 'YO1 8RS',
      country: 'GB',
      isDefault: true,
    },
    {
      firstname: 'Lucy',
      lastname: 'Hart',
      companyName: 'The Corner Café (Harrogate)',
      telephone: '01423 496 321',
      email: 'harrogate@cornercafe.test',
      address1: '8 Montpellier Parade',
      town: 'Harrogate',
      county: 'North Yorkshire',
      postcode: 'HG1 2TG',
      country: 'GB',
    },
  ],
};

/** Gives each demo customer their saved addresses (after the demo accounts are made). */
export async function seedDemoAddresses(db: Db): Promise<void> {
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(DEMO_ADDRESS_BOOKS)));
  const codes = [...new Set(Object.values(DEMO_ADDRESS_BOOKS).flatMap((book) => book.map((a) => a.country)))];
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries).where(inArray(countries.code, codes))).map((c) => [c.code, c.id]),
  );
  for (const owner of owners) {
    const rows = DEMO_ADDRESS_BOOKS[owner.email].flatMap(({ country, isDefault, ...address }) => {
      const countryId = countryIds.get(country);
      return countryId ? [{ ...address, userId: owner.id, countryId, isDefault: isDefault ?? false }] : [];
    });
    if (rows.length) await db.insert(addresses).values(rows);
  }
}
