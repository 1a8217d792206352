import { describe, expect, it } from 'vitest';
import { communicationMarkerOf, withoutCommunicationMarkers } from './communicationMarkers';
import { updateFor } from '../../communication-settings';
import { pageKindOf } from './pageKind';
import { safeRedirect } from './signInRequest';
import { dashboardTarget } from '../components/SignInForm';

describe('account rules of the web app', () => {
  it('finds a communication marker and its token; cleans all four from the address', () => {
    expect(communicationMarkerOf('?unsubscribe_text=abc.def&lang=es')).toEqual({ action: 'unsubscribe_text', token: 'abc.def' });
    expect(communicationMarkerOf('?On_PropertyAlerts=t1')).toEqual({ action: 'On_PropertyAlerts', token: 't1' });
    expect(communicationMarkerOf('?unsubscribe_email=')).toBeNull();
    expect(communicationMarkerOf('?city=Seattle')).toBeNull();
    expect(withoutCommunicationMarkers('/search?obliterate_all_communication=x&city=Seattle&unsubscribe_email=y#top')).toBe('/search?city=Seattle#top');
    expect(withoutCommunicationMarkers('/?On_PropertyAlerts=z')).toBe('/');
  });

  it('knows the kind of each page for PromptPages', () => {
    expect(pageKindOf('/search')).toBe('search');
    expect(pageKindOf('/search/split')).toBe('search');
    expect(pageKindOf('/listing/NWMLS-1')).toBe('details');
    expect(pageKindOf('/account')).toBe('account');
    expect(pageKindOf('/account/forgotpassword')).toBe('account');
    expect(pageKindOf('/accounting')).toBe('other');
    expect(pageKindOf('/organizer')).toBe('other');
  });

  it('redirects only to paths of this site', () => {
    expect(safeRedirect('/dashboard/backoffice?x=1')).toBe('/dashboard/backoffice?x=1');
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    // Browsers drop tabs and newlines: this one would land on evil.example.
    expect(safeRedirect('/\t/evil.example/phish')).toBeNull();
    expect(safeRedirect('/\n/evil.example')).toBeNull();
    expect(safeRedirect('/..//evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('sends levels 10 up to below 25 with a dashboard there, nobody else', () => {
    expect(dashboardTarget({ securityLevel: 5, dashboardUrl: '/dashboard' })).toBeNull();
    expect(dashboardTarget({ securityLevel: 10, dashboardUrl: '/dashboard' })).toBe('/dashboard');
    expect(dashboardTarget({ securityLevel: 15, dashboardUrl: '/dashboard' })).toBe('/dashboard');
    expect(dashboardTarget({ securityLevel: 15, dashboardUrl: null })).toBeNull();
    expect(dashboardTarget({ securityLevel: 25, dashboardUrl: '/dashboard' })).toBeNull();
  });

  it('turns a preference change into the account update fields', () => {
    expect(updateFor('email', false)).toEqual({ UnsubscribeEmail: true });
    expect(updateFor('text', true)).toEqual({ UnsubscribeText: false });
    expect(updateFor('alerts', false)).toEqual({ On_PropertyAlerts: false });
    expect(updateFor('updates', true)).toEqual({ On_PropertyUpdates: true });
  });
});
