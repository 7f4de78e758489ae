// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { SealSetup } from './seal-setup.tsx';

const person = (name: string, i: number) => ({ userId: `00000000-0000-4000-8000-00000000000${i}`, name });
const setup = (names: string[], threshold = 2): TEstateSeal => ({ seal: null, trustees: names.map(person), threshold, candidates: [], cannotSeal: names.length < 2 ? 'Name at least two trustees first.' : null });

afterEach(cleanup);

describe('making a seal', () => {
  it('says in plain sentences how the key is cut, for no, one and several trustees', () => {
    render(<SealSetup data={setup([])} ownerName="Margaret" onMade={() => {}} />);
    expect(screen.getByText(/You have no trustees yet: name at least two first\./)).toBeTruthy();
    expect(screen.queryByText(/0 Emergency Kits|\(\)|Any 1 of/)).toBeNull();
    cleanup();
    render(<SealSetup data={setup(['Ada'])} ownerName="Margaret" onMade={() => {}} />);
    expect(screen.getByText(/You have one so far, Ada: name at least one more first\./)).toBeTruthy();
    cleanup();
    render(<SealSetup data={setup(['Ada', 'Byron', 'Carl'])} ownerName="Margaret" onMade={() => {}} />);
    expect(screen.getByText('The key is cut into 3 Emergency Kits, one for each of your trustees: Ada, Byron and Carl. Any 2 of them together can open what you seal; one alone cannot.')).toBeTruthy();
  });
});
