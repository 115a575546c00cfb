import { APP_NAME } from '../config';

/** Specification §2: the page title, a separator, then the application name. */
export const TITLE_SEPARATOR = ' | ';

export function formatTitle(pageTitle: string | undefined, appName: string = APP_NAME): string {
  return pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${appName}` : appName;
}
