export { startDevIdp } from './dev-idp';
export type { DevIdp, DevIdpClient, DevIdpOptions } from './dev-idp';
export { loginAtDevIdp } from './login-driver';
export type { DevIdpLoginOptions, DevIdpLoginResult } from './login-driver';
