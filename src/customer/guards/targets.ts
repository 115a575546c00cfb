/**
 * Where guards send people. The route table declares these same paths (a test checks that they
 * agree); guards keep their own copy so that they stay free of the router and its lazy pages.
 */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const UNAUTHORIZED_PATH = '/unauthorized';
