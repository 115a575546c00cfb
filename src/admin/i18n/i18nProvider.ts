import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';

/**
 * The staff area's own words in place of react-admin's defaults ("Element updated",
 * "No Users found using the current filters"…). Resource names are lower case, as they sit inside
 * sentences ("No users match…"); page titles come from each page (StaffTitle), not from these.
 */
export const staffMessages = {
  ra: {
    action: {
      add_filter: 'Filter',
      unselect: 'Clear selection',
    },
    auth: {
      user_menu: 'Account',
      logout: 'Log out',
    },
    message: {
      unsaved_changes: 'You have changes that are not saved. Leave this page and lose them?',
      invalid_form: 'Some fields need correcting: see the messages beside them.',
      not_found: 'There is no staff page at this address. The link may be mistyped, or the page may have moved.',
      delete_title: 'Delete %{recordRepresentation}?',
      delete_content: 'This cannot be undone.',
      are_you_sure: 'Are you sure?',
      error: 'Something went wrong. Please try again.',
      loading: 'Please wait',
      placeholder_data_warning: 'The latest data could not be fetched: what you see may be out of date.',
    },
    navigation: {
      no_results: 'No %{name} yet.',
      no_filtered_results: 'No %{name} match this search or filter.',
      clear_filters: 'Show all',
      page_rows_per_page: 'Rows per page:',
      page_out_of_boundaries: 'There is no page %{page}.',
      no_more_results: 'There is no page %{page}. Try the previous page.',
    },
    notification: {
      updated: 'Changes saved. |||| %{smart_count} records saved.',
      created: 'Added.',
      deleted: 'Deleted. |||| %{smart_count} records deleted.',
      item_doesnt_exist: 'This record no longer exists: somebody may have deleted it.',
      http_error: 'The server could not be reached. Please try again.',
      data_provider_error: 'Something went wrong. Please try again.',
      canceled: 'Undone.',
      logged_out: 'Your session has ended: please log in again.',
      not_authorized: 'You are not allowed to do this.',
    },
    page: {
      not_found: 'Page not found',
      empty: 'No %{name} yet.',
      invite: 'Add the first one.',
      error: 'Something went wrong',
      loading: 'Loading',
      dashboard: 'Dashboard',
    },
    validation: {
      required: 'This field is required',
      number: 'Enter a number',
      email: 'Enter a valid e-mail address',
    },
  },
  resources: {
    users: { name: 'user |||| users' },
    stock: { name: 'stock |||| stock' },
    products: { name: 'product |||| products' },
    settings: { name: 'setting |||| settings' },
    'delivery/countries': { name: 'country |||| countries' },
    mail: { name: 'message |||| messages' },
  },
};

const messages = mergeTranslations(englishMessages, staffMessages) as TranslationMessages;

/** Missing keys fall back to the key's default text (`_`) rather than the raw key. */
export const staffI18nProvider = polyglotI18nProvider(() => messages, 'en-GB', [{ locale: 'en-GB', name: 'English (UK)' }], { allowMissing: true });
