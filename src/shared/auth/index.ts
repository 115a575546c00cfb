export { TOKEN_COOKIE, REMEMBER_DAYS, type AuthState, getAuthState, subscribeAuth, isSignedIn, getToken, saveToken, setUser, clearSession } from './state';
export { asUser, fetchUser, login, register, logout, updateUser } from './session';
export { useAuth, type AuthView } from './useAuth';
