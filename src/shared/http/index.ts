export { http, configureHttp, apiErrors, type HttpConfig, type ApiErrors } from './client';
export { uploadProgress, withFiles } from './uploads';
