/**
 * The labels of the public site's account modals (sign in, sign up, the social sign-up's phone
 * step, the cell phone prompt), in the catalogue's shape; LABELS includes them.
 */
export const ACCOUNT_LABELS = [
  { id: 'signin.title', en: 'Sign in', where: 'Sign-in modal: its title and the Sign in tab' },
  { id: 'signin.signUpTitle', en: 'Create an account', where: 'Sign-in modal: its title on the Sign up tab' },
  { id: 'signin.signUpTab', en: 'Sign up', where: 'Sign-in modal: the Sign up tab' },
  { id: 'signin.lead', en: 'Sign in to save searches, keep favorites and get new-listing alerts.', where: 'Sign-in modal: the Sign in tab’s introduction' },
  { id: 'signin.signUpLead', en: 'Create a free account to save searches and get new-listing alerts.', where: 'Sign-in modal: the Sign up tab’s introduction' },
  { id: 'signin.createAccount', en: 'Create account', where: 'Sign-in modal: the Sign up tab’s submit button' },
  { id: 'signin.emailInUse', en: 'An account already uses this email. Sign in to continue.', where: 'Sign-in modal: after signing up with an e-mail that has an account' },
  { id: 'signin.promptNotice', en: 'Create a free account to keep browsing homes, save searches and get alerts.', where: 'Sign-in modal: opened by the sign-up prompt (site settings PromptLevel, PromptViews)' },
  { id: 'signin.email', en: 'Email', where: 'Sign-in form: the e-mail box' },
  { id: 'signin.password', en: 'Password', where: 'Sign-in form: the password box' },
  { id: 'signin.submit', en: 'Sign in', where: 'Sign-in form: the submit button' },
  { id: 'signin.busy', en: 'Signing in…', where: 'Sign-in form: the submit button while signing in' },
  { id: 'signin.forgot', en: 'Forgot your password?', where: 'Sign-in form: link to the password reset' },
  { id: 'signin.help', en: 'Click here if you need help getting back into your account.', where: 'Sign-in form: after a refused sign-in' },
  { id: 'signin.invalidEmail', en: 'Please enter a valid email', where: 'Sign-in form: an e-mail that is not one' },
  { id: 'signin.errorTitle', en: 'Login Error', where: 'Toast: the sign-in call failed (throttled, server down)' },
  { id: 'signin.failed', en: 'Login Failed', where: 'Sign-in form: the sign-in call failed' },
  { id: 'ui.unreachable', en: 'The server cannot be reached', where: 'Toasts: a request that got no answer' },
  { id: 'signin.phoneTitle', en: 'One more step', where: 'Social sign-up: the phone step’s title' },
  { id: 'signin.phoneLead', en: 'Add your cell phone so your agent can reach you about the homes you like.', where: 'Social sign-up: the phone step' },
  { id: 'signin.phoneSubmit', en: 'Finish sign-up', where: 'Social sign-up: the phone step’s button' },
  { id: 'signin.welcome', en: 'Welcome! Your account is ready.', where: 'Toast: after the social sign-up’s phone step' },
  { id: 'cell.title', en: 'Add your cell phone', where: 'Cell phone prompt: its title' },
  { id: 'cell.lead', en: 'Get texts about new listings and price changes, and let your agent reach you quickly.', where: 'Cell phone prompt' },
  { id: 'cell.saved', en: 'Your cell phone was saved.', where: 'Toast: after the cell phone prompt' },
  { id: 'cell.notNow', en: 'Not now', where: 'Cell phone prompt: closes it' },
  { id: 'cell.label', en: 'Cell phone', where: 'Cell phone form (prompt, phone step, account page): the box' },
  { id: 'cell.save', en: 'Save', where: 'Cell phone form: the button' },
  { id: 'ui.saving', en: 'Saving…', where: 'Buttons while saving: cell phone form, password reset page' },
] as const;

/** The password recovery page (/account/forgotpassword), reached from the sign-in form. */
export const PASSWORD_LABELS = [
  { id: 'password.recovery', en: 'Password recovery', where: 'Password recovery page: title' },
  { id: 'password.recoveryLead', en: 'Enter the e-mail address of your account and we will send you a link to choose a new password.', where: 'Password recovery page' },
  { id: 'password.sending', en: 'Sending…', where: 'Password recovery page: the button while sending' },
  { id: 'password.send', en: 'Send me a link', where: 'Password recovery page: the button' },
  { id: 'password.choose', en: 'Choose a new password', where: 'Password reset page (the e-mailed link): title' },
  { id: 'password.new', en: 'New password', where: 'Password reset page' },
  { id: 'password.again', en: 'New password again', where: 'Password reset page' },
  { id: 'password.mismatch', en: 'The two passwords are not the same', where: 'Password reset page: the two boxes differ' },
  { id: 'password.set', en: 'Set password', where: 'Password reset page: the button' },
  { id: 'password.changed', en: 'Password changed', where: 'Password reset page: after saving' },
  { id: 'password.changedText', en: 'Your new password is set. Sign in with it now.', where: 'Password reset page: after saving' },
] as const;

/** The accept-terms gate and the import opt-in (spec section 4). */
export const GATE_LABELS = [
  { id: 'terms.title', en: 'Before you search', where: 'Accept-terms gate (site setting SearchRequiresAccept): title' },
  { id: 'terms.text', en: 'Listing data on {site} is provided for your personal, non-commercial use in finding a home. Please accept the terms and conditions to search.', where: 'Accept-terms gate' },
  { id: 'terms.continue', en: 'Continue to search', where: 'Accept-terms gate: the button' },
  { id: 'terms.haveAccount', en: 'Already have an account?', where: 'Accept-terms gate: before the sign-in link' },
  { id: 'terms.thisSite', en: 'this site', where: 'Accept-terms gate: a site without a name' },
  { id: 'ui.failedToSave', en: 'Failed to Save', where: 'Toasts: a change that did not save (communication links, import opt-in)' },
  { id: 'optIn.title', en: 'Stay in touch by text?', where: 'Import opt-in (an imported user with texts off): title' },
  { id: 'optIn.text', en: 'Your agent added you to this site. Would you like text messages about new listings and updates? You can turn them off at any time.', where: 'Import opt-in' },
  { id: 'optIn.yes', en: 'Yes, text me', where: 'Import opt-in: accepts' },
  { id: 'optIn.no', en: 'No thanks', where: 'Import opt-in: closes it' },
] as const;
