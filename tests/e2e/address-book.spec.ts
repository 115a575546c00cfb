import { expect, test } from '@playwright/test';
import { Api, expectAccessible, newAccount, registerByApi, setRole, shoot, signedIn } from './customer-support';

/**
 * In Chromium on the built app: a new customer fills their address book — an address refused
 * beside its field then saved, a second made the default, one edited, the default moved, a CSV
 * imported after a preview that names its bad row, a search, a deletion — and on /create the
 * default is filled in and another saved address is picked for the new basket.
 */
test('a customer keeps an address book, imports a CSV and picks a saved address on /create', async ({ page }) => {
  test.setTimeout(180_000);
  const who = newAccount('Addie');
  await setRole(await registerByApi(who), 'trade');
  await signedIn(page, who);

  // The account menu leads to the address book, empty at first.
  await page.getByRole('button', { name: who.firstname }).click();
  await page.getByRole('menuitem', { name: 'Address Book' }).click();
  await expect(page).toHaveURL('/account/addresses');
  await expect(page.getByRole('heading', { name: 'No saved addresses yet' })).toBeVisible();
  await shoot(page, 'addresses-empty');
  await expectAccessible(page, 'the empty address book');

  // Added in a dialog: a postcode that is not one is refused beside the field.
  await page.getByRole('button', { name: 'Add your first address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel(/^First name/).fill('Priya');
  await dialog.getByLabel(/^Last name/).fill('Shah');
  await dialog.getByLabel(/^Company name/).fill('Shah Florists');
  await dialog.getByLabel(/^E-mail address/).fill('priya@shah.test');
  await dialog.getByLabel(/^Address line 1/).fill('27 Kirkgate Market');
  await dialog.getByLabel(/^Town or city/).fill('Leeds');
  await dialog.getByLabel(/^Postcode/).fill('LS2 @@');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText(/Enter a postcode such as LS11 5QN/)).toBeVisible();
  await expect(dialog.getByLabel(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/^Postcode/)).toBeFocused();
  await shoot(page, 'addresses-dialog-refused', { fullPage: false });
  await expectAccessible(page, 'the address dialog');
  await dialog.getByLabel(/^Postcode/).fill('LS2 7HY');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the address of Priya Shah.' })).toBeVisible();
  const priya = page.getByRole('article', { name: 'Priya Shah' });
  await expect(priya).toContainText('27 Kirkgate Market, Leeds, LS2 7HY, United Kingdom');

  // A second, made the default as it is saved: it is listed first.
  await page.getByRole('button', { name: 'Add an address' }).click();
  await dialog.getByLabel(/^First name/).fill('Owen');
  await dialog.getByLabel(/^Last name/).fill('Price');
  await dialog.getByLabel(/^E-mail address/).fill('owen@harbour.test');
  await dialog.getByLabel(/^Address line 1/).fill('Mermaid Quay');
  await dialog.getByLabel(/^Town or city/).fill('Cardiff');
  await dialog.getByLabel(/^Postcode/).fill('CF10 5BZ');
  await dialog.getByLabel('Make this my default delivery address').check();
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  const owen = page.getByRole('article', { name: 'Owen Price' });
  await expect(owen).toContainText('Default');
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Owen Price');

  // Edited: the dialog opens with the address as saved.
  await priya.getByRole('button', { name: 'Edit Priya Shah' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit address' });
  await expect(edit.getByLabel(/^Postcode/)).toHaveValue('LS2 7HY');
  await edit.getByLabel(/^Address line 2/).fill('Stall 12');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(priya).toContainText('27 Kirkgate Market, Stall 12, Leeds');

  // "Make default" moves the mark: only one address has it.
  await priya.getByRole('button', { name: 'Make Priya Shah the default' }).click();
  await expect(priya).toContainText('Default');
  await expect(owen).not.toContainText('Default');
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Priya Shah');

  // Import: the preview stores nothing and names the bad row; then the good rows are imported.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importing = page.getByRole('dialog', { name: 'Import addresses from a CSV file' });
  const csv = [
    'First name,Last name,Company,Email,Address1,Town,Postcode,Country',
    'Aoife,Byrne,Byrne Events,aoife@byrne.test,14 Baggot Street Lower,Dublin,D02 X285,Ireland',
    'Cat,Nolan,,cat@nolan.test,2 Hill Road,Hull,HU1 @@,GB',
    'Lucy,Hart,Harbour Cafe,lucy@hart.test,8 Montpellier Parade,Harrogate,HG1 2TG,',
  ].join('\r\n');
  await importing.locator('input[type=file]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`) });
  await expect(importing.getByText('3 rows read: 2 addresses can be imported, 1 row cannot.')).toBeVisible();
  const bad = importing.getByRole('table', { name: 'Rows that will not be imported' });
  await expect(bad.getByRole('row').nth(1)).toContainText(/^2postcode: Enter a postcode/);
  await expect(importing.getByRole('table', { name: 'Addresses to import' })).toContainText('Aoife Byrne, Byrne Events');
  await shoot(page, 'addresses-import-preview', { fullPage: false });
  await expectAccessible(page, 'the import preview');
  await expect(page.locator('article')).toHaveCount(2); // nothing stored by the preview (the page behind the dialog)
  await importing.getByRole('button', { name: 'Import 2 addresses' }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 addresses.' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('article', { name: 'Aoife Byrne' })).toContainText('Dublin, D02 X285, Ireland');
  await shoot(page, 'addresses');
  await expectAccessible(page, 'the address book');

  // Search by company or postcode.
  await page.getByLabel('Search by name, company, town or postcode').fill('harbour');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveAccessibleName('Lucy Hart');
  await page.getByLabel('Search by name, company, town or postcode').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(4);

  // Deleted after a confirmation, by keyboard.
  await page.getByRole('button', { name: 'Delete Owen Price' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the address of Owen Price?' });
  await expect(confirm).toContainText('Mermaid Quay');
  await confirm.getByRole('button', { name: 'Delete address' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: 'Owen Price' })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(3);

  // /create starts from the default address; another is picked from the address book.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Order' }).click();
  await expect(page.getByLabel(/^Address line 1/)).toHaveValue('27 Kirkgate Market');
  await expect(page.getByLabel(/^Last name/)).toHaveValue('Shah');
  const picker = page.getByRole('combobox', { name: 'Deliver to a saved address' });
  await picker.fill('dublin');
  await page.getByRole('option', { name: /Aoife Byrne, Byrne Events, Dublin/ }).click();
  await expect(page.getByLabel(/^Address line 1/)).toHaveValue('14 Baggot Street Lower');
  await expect(page.getByLabel(/^Postcode/)).toHaveValue('D02 X285');
  await expect(page.getByLabel(/^Country/)).toHaveValue(/\d+/);
  await shoot(page, 'create-saved-address', { fullPage: false });
  await page.getByLabel('Your reference').fill('ADDRESS-BOOK');
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+/);
  const basketId = Number(/\/create\/(\d+)/.exec(page.url())![1]);
  const api = await Api.as(who);
  try {
    const order = await api.json<{ address: { lastname: string; address1: string; postcode: string; email: string } }>('GET', `/api/orders/${basketId}`);
    expect(order.address).toMatchObject({ lastname: 'Byrne', address1: '14 Baggot Street Lower', postcode: 'D02 X285', email: 'aoife@byrne.test' });
  } finally {
    await api.close();
  }
});
