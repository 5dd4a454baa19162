// A branch of the web's query-key tree (index.ts, decision 045).

/** Who is signed in (null: nobody). Signing in or out empties every other key. */
export const session = ['session'] as const;
export const signInLink = (token: string) => ['sign-in-link', token] as const;
/** The client's settings from the server (lib/config.ts). */
export const config = ['config'] as const;
/** My profile, as the profile page edits it. */
export const me = ['me'] as const;
export const pets = ['pets'] as const;
