/** Base path of the API: the build setting VITE_API_BASE (spec §7), '/api' by default. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE || '/api';
