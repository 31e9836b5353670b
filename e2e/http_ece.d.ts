/** The part of http_ece (web-push's encryption library) the runner uses to read a push as a browser would. */
declare module 'http_ece' {
  const ece: { decrypt(body: Buffer, options: { version: 'aes128gcm'; privateKey: unknown; authSecret: string }): Buffer };
  export default ece;
}
