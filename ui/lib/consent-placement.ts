/**
 * Where the consent question is not put as a sheet: onboarding asks it in its own flow (the
 * setup step), and admin pages are for the people who run Boon.
 */
const SHEETLESS =
  /^\/(|intro|device-check|welcome|setup|pseudonym-welcome|disclosure)$|^\/(auth|admin)(\/|-login$|$)/;

export const consentSheetShownOn = (pathname: string) => !SHEETLESS.test(pathname);
