import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY, writeLocal } from '../../../lib/device-identity';
import { fetchOwnPseudonym } from '../../../lib/registration';

let deviceCheck: Promise<'/home' | '/auth'> | null = null;

/**
 * The device check's answer (the spec's /device-check): home for a device registered here or
 * on the server (a sign-in links it there), else /auth, on failure too. The splash asks it as
 * Enter is pressed, so the answer comes during its fade instead of after it; the check page
 * takes that answer, once.
 */
export const checkDevice = (): Promise<'/home' | '/auth'> => {
  deviceCheck ??=
    readLocal(REGISTERED_KEY) === 'true' && readLocal(PSEUDONYM_KEY)
      ? Promise.resolve('/home')
      : fetchOwnPseudonym().then(
          ({ pseudonym }) => {
            writeLocal(PSEUDONYM_KEY, pseudonym);
            writeLocal(REGISTERED_KEY, 'true');
            return '/home';
          },
          () => '/auth',
        );
  return deviceCheck;
};

/** Takes the answer checkDevice has (asking now if nobody has), leaving none for the next check. */
export const takeDeviceCheck = () => {
  const answer = checkDevice();
  deviceCheck = null;
  return answer;
};
