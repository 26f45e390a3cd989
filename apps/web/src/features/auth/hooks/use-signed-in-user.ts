import type { Me } from '@quiz-points/shared';
import { useOutletContext } from 'react-router';

/** The signed-in member, on a page of the member group (its guard passed them on: app/guards.tsx). */
export const useSignedInUser = () => useOutletContext<Me>();
