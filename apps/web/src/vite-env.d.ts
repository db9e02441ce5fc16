/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of the API; a build setting (spec §7). Defaults to '/api'. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Read by goober (notistack's styling) so its style element carries the CSP nonce. */
  __nonce__?: string;
}
