import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER, expectAccessible, logOut, newAccount, registerByApi, shoot, signIn, signedIn, title, tokenCookie, waitForMail } from './customer-support';

/**
 * In Chromium: a new customer registers, logs out, logs in with and without "Remember me",
 * resets a forgotten password through the outbox, and changes profile and password — each form
 * turning its bad inputs away with a message beside the field.
 */
test.describe.configure({ mode: 'serial' });

const DAY_S = 24 * 60 * 60;

/** The message under a field: the input's accessible description. */
async function expectFieldMessage(page: Page, label: RegExp, message: string): Promise<void> {
  const field = page.getByLabel(label);
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

test('register → logout → login with remember me (365-day cookie) → logout → login without (session cookie)', async ({ page, context }) => {
  const who = newAccount('Rosa');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Open a trade account' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByLabel(/^Country/)).toHaveValue(/\d+/); // the United Kingdom, preselected once the list arrived
  await expect(page.getByLabel(/^Country/).locator('option:checked')).toHaveText('United Kingdom');

  // Bad inputs first: checked in the browser, each message beside its field, nothing sent.
  await page.getByLabel(/^E-mail address/).fill('rosa at example');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByLabel(/^Repeat the password/).fill('different');
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expectFieldMessage(page, /^First name/, 'First name is required');
  await expectFieldMessage(page, /^E-mail address/, 'Enter a valid e-mail address');
  await expectFieldMessage(page, /^Password/, 'At least 8 characters');
  await expectFieldMessage(page, /^Repeat the password/, 'The passwords do not match');
  await expect(page.getByLabel(/^First name/)).toBeFocused(); // the first field with a message
  await shoot(page, 'register-errors');

  await page.getByLabel(/^First name/).fill(who.firstname);
  await page.getByLabel(/^Last name/).fill(who.lastname);
  await page.getByLabel(/^Company name/).fill('Rosa Print Brokers');
  await page.getByLabel(/^E-mail address/).fill(CUSTOMER.email); // taken: the server's 422, beside the field
  await page.getByLabel(/^Address line 1/).fill('7 Dock Road');
  await page.getByLabel(/^Town or city/).fill('Hull');
  await page.getByLabel(/^Postcode/).fill('HU1 1AA');
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByLabel(/^Repeat the password/).fill(who.password);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expectFieldMessage(page, /^E-mail address/, 'An account with this e-mail address already exists');
  await expect(page).toHaveURL('/register');

  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${who.firstname}` })).toBeVisible();
  // Registration signs in for this browser session only.
  expect((await tokenCookie(context))?.expires).toBe(-1);
  await waitForMail(who.email, `Hello ${who.firstname}`);

  await logOut(page, who.firstname);
  expect(await tokenCookie(context)).toBeUndefined();
  await page.goto('/');
  await expect(page).toHaveURL('/login'); // really signed out

  // With "Remember me" the token cookie lasts 365 days.
  await signIn(page, who, { remember: true });
  await expect(page).toHaveURL('/');
  const remembered = await tokenCookie(context);
  const daysLeft = ((remembered?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThanOrEqual(365.01);
  expect(remembered?.path).toBe('/');

  await logOut(page, who.firstname);
  expect(await tokenCookie(context)).toBeUndefined();

  // Without it, a session cookie (no expiry).
  await signIn(page, who);
  await expect(page).toHaveURL('/');
  const session = await tokenCookie(context);
  expect(session?.value).toBeTruthy();
  expect(session?.expires).toBe(-1);

  // A wrong password is refused beside the e-mail field, and nobody is signed in.
  await logOut(page, who.firstname);
  await signIn(page, { email: who.email, password: 'not the password' });
  await expectFieldMessage(page, /^E-mail address/, 'These details do not match our records');
  expect(await tokenCookie(context)).toBeUndefined();
  await shoot(page, 'login-error');
});

test('a forgotten password is reset through the link in the outbox', async ({ page }) => {
  const who = newAccount('Priya');
  await registerByApi(who);

  await page.goto('/login');
  // The address typed on the login page carries over to the next form.
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page).toHaveURL('/password/reset');
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue(who.email);
  await page.getByLabel(/^E-mail address/).fill('not an address');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expectFieldMessage(page, /^E-mail address/, 'Enter a valid e-mail address');
  await page.getByLabel(/^E-mail address/).fill(who.email.toUpperCase()); // addresses are matched without case
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have e-mailed it a link to reset the password' })).toBeVisible();
  await shoot(page, 'password-request-sent');

  const mail = await waitForMail(who.email, 'Somebody asked to reset the password');
  const link = /https?:\/\/\S+\/password\/reset\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const resetPath = new URL(link!).pathname;

  await page.goto(resetPath);
  await expect(page).toHaveTitle(title('Choose a new password'));
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Repeat the new password/).fill('shorter');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expectFieldMessage(page, /^New password/, 'At least 8 characters');
  await expectFieldMessage(page, /^Repeat the new password/, 'The passwords do not match');
  await shoot(page, 'password-reset-errors');

  const fresh = `Reset ${who.password}`;
  await page.getByLabel(/^New password/).fill(fresh);
  await page.getByLabel(/^Repeat the new password/).fill(fresh);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password has been changed. You can now log in with it.')).toBeVisible();
  await shoot(page, 'password-reset-done');

  // The link works once. The page checks it when it opens (GET /api/password/reset/{token}) and says
  // so before a password is typed; a server without that check leaves it to the form's answer.
  await page.goto(resetPath);
  const askAgain = page.getByRole('link', { name: 'Ask for a new link' });
  await expect(page.getByLabel(/^New password/).or(askAgain)).toBeVisible();
  if (await askAgain.isVisible()) {
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await expectAccessible(page, 'a used reset link');
    await shoot(page, 'password-reset-used');
  } else {
    test
      .info()
      .annotations.push({ type: 'note', description: 'GET /api/password/reset/{token} is not on this server yet: the used link was refused on sending' });
    await page.getByLabel(/^New password/).fill(`${fresh} again`);
    await page.getByLabel(/^Repeat the new password/).fill(`${fresh} again`);
    await page.getByRole('button', { name: 'Change my password' }).click();
    await expect(page.getByRole('alert').filter({ has: askAgain })).toBeVisible();
  }

  // A reset does not sign in: the old password no longer works, the new one does.
  await page.goto('/login');
  await signIn(page, who);
  await expectFieldMessage(page, /^E-mail address/, 'These details do not match our records');
  await signIn(page, { email: who.email, password: fresh });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${who.firstname}` })).toBeVisible();
});

test('profile: bad inputs show messages beside their fields; a good change is saved and shown', async ({ page }) => {
  const who = newAccount('Omar');
  await registerByApi(who);
  await signedIn(page, who);
  await page.goto('/account/profile');
  await expect(page.getByLabel(/^First name/)).toHaveValue(who.firstname);

  await page.getByLabel(/^First name/).fill('   ');
  await page.getByLabel(/^Postcode/).fill('');
  await page.getByLabel(/^E-mail address/).fill('omar@');
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expectFieldMessage(page, /^First name/, 'First name is required');
  await expectFieldMessage(page, /^Postcode/, 'Postcode is required');
  await expectFieldMessage(page, /^E-mail address/, 'Enter a valid e-mail address');
  await shoot(page, 'profile-errors');

  // The server's 422: an address another account uses.
  await page.getByLabel(/^First name/).fill('Omar');
  await page.getByLabel(/^Postcode/).fill('ls2 7ab');
  await page.getByLabel(/^E-mail address/).fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expectFieldMessage(page, /^E-mail address/, 'An account with this e-mail address already exists');

  // Editing a field clears its message.
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await expect(page.getByLabel(/^E-mail address/)).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^First name/).fill('Omari');
  await page.getByLabel(/^Company name/).fill('Omari Signs & Print');
  await page.getByLabel(/^Country/).selectOption({ label: 'Ireland' });
  const save = page.getByRole('button', { name: 'Save my profile' });
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await expect(save).toBeEnabled();
  // The header follows the stored user at once; a reload shows what the server kept.
  await expect(page.getByRole('button', { name: 'Omari', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Omari');
  await expect(page.getByLabel(/^Company name/)).toHaveValue('Omari Signs & Print');
  await expect(page.getByLabel(/^Postcode/)).toHaveValue(/^LS2 7AB$/i);
  await expect(page.getByLabel(/^Country/).locator('option:checked')).toHaveText('Ireland');
  await shoot(page, 'profile-saved');
});

test('password change: bad inputs show messages beside their fields; the new password then signs in', async ({ page }) => {
  const who = newAccount('Grace');
  await registerByApi(who);
  await signedIn(page, who);
  await page.goto('/account/password');

  const current = page.getByLabel(/^Current password/);
  const next = page.getByLabel(/^New password/);
  const repeat = page.getByLabel(/^Repeat the new password/);
  const change = page.getByRole('button', { name: 'Change my password' });

  await change.click();
  await expectFieldMessage(page, /^Current password/, 'Enter your current password');
  await expectFieldMessage(page, /^New password/, 'At least 8 characters');

  await current.fill('not my password');
  await next.fill('Brand new password 1');
  await repeat.fill('Brand new password 2');
  await change.click();
  await expectFieldMessage(page, /^Repeat the new password/, 'The passwords do not match');

  await repeat.fill('Brand new password 1');
  await change.click();
  await expectFieldMessage(page, /^Current password/, 'Your current password is not correct'); // the server's 422
  await shoot(page, 'password-errors');

  await current.fill(who.password);
  await next.fill(who.password);
  await repeat.fill(who.password);
  await change.click();
  await expectFieldMessage(page, /^New password/, 'Choose a password different from the current one');

  const fresh = 'Brand new password 1';
  await current.fill(who.password);
  await next.fill(fresh);
  await repeat.fill(fresh);
  await change.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await expect(current).toHaveValue(''); // passwords do not stay on screen
  await shoot(page, 'password-changed');

  await logOut(page, who.firstname);
  await signIn(page, who);
  await expectFieldMessage(page, /^E-mail address/, 'These details do not match our records');
  await signIn(page, { email: who.email, password: fresh });
  await expect(page).toHaveURL('/');
});
