import { useAuth } from '../../shared/auth';
import DefaultLayout from './DefaultLayout';
import { PlainFrame } from './PlainLayout';

/**
 * For pages anyone may read (terms, privacy, not found, unauthorized): the signed-in layout for a
 * signed-in user, the signed-out one (with a wider card) for everyone else.
 */
export default function PublicLayout() {
  const { signedIn } = useAuth();
  return signedIn ? <DefaultLayout /> : <PlainFrame wide />;
}
