import type { Profile, StaffActor } from '../permissions';

/** Staff actors for the permission rules: a profile, an employee holding one, and the owner. */

export function profile(over: Partial<Profile> = {}): Profile {
  return { id: 'p1', name: 'Perfil', type: 'counter', permissions: {}, active: true, ...over };
}

export function employee(p: Profile | null, employeeActive = true): StaffActor {
  return { kind: 'employee', profile: p, employeeActive };
}

export const OWNER: StaffActor = { kind: 'owner' };
