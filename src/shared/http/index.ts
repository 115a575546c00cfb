export { http, configureHttp, apiErrors, type HttpConfig, type ApiErrors } from './client';
