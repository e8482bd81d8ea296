import { describe, expect, it } from 'vitest';
import { getErrorNotification } from './error-notification';

describe('getErrorNotification (spec-1 §8 server error handling by err_code)', () => {
  it.each([
    [
      'code 2 shows Authentication Error with err_msg',
      { err_code: 2, err_msg: 'Invalid credentials' },
      { type: 'error', title: 'Authentication Error', message: 'Invalid credentials' },
    ],
    [
      'code "2" as text too',
      { err_code: '2', err_msg: 'Bad token' },
      { type: 'error', title: 'Authentication Error', message: 'Bad token' },
    ],
    [
      'USER_EXIST shows User Already Exists',
      { err_code: 'USER_EXIST', err_msg: 'exists' },
      {
        type: 'error',
        title: 'User Already Exists',
        message: 'The e-mail already exists, try a different one.',
      },
    ],
    [
      'TNC_ERROR is a warning titled Terms And Conditions',
      { err_code: 'TNC_ERROR', err_msg: 'x' },
      {
        type: 'warning',
        title: 'Terms And Conditions',
        message: 'You have to accept the terms and conditions.',
      },
    ],
    [
      'another code with err_msg is titled with the code',
      { err_code: 'QUOTE_EXPIRED', err_msg: 'The quotation has expired' },
      { type: 'error', title: 'QUOTE_EXPIRED', message: 'The quotation has expired' },
    ],
    [
      'a gateway code gets a friendly title',
      { err_code: 'INVALID_INPUT', err_msg: 'Vehicle value is required' },
      { type: 'error', title: 'Invalid Input', message: 'Vehicle value is required' },
    ],
    [
      'a code without a message is an Unknown Error for 15 s',
      { err_code: 'SOMETHING' },
      { type: 'error', title: 'Unknown Error', message: 'Unknown Error occured', duration: 15_000 },
    ],
    [
      'no code: message under Error',
      { message: 'Network down' },
      { type: 'error', title: 'Error', message: 'Network down' },
    ],
    [
      'no code: err_msg under Error',
      { err_msg: 'Failed' },
      { type: 'error', title: 'Error', message: 'Failed' },
    ],
    [
      'no code and no text: An Error Occured.',
      {},
      { type: 'error', title: 'Error', message: 'An Error Occured.' },
    ],
    ['nothing at all', undefined, { type: 'error', title: 'Error', message: 'An Error Occured.' }],
  ])('%s', (_name, input, expected) => {
    expect(getErrorNotification(input)).toEqual(expected);
  });

  it.each(['INVALID_REGISTRATION_STATUS', 'EMAIL_TOKEN_EXPIRED', 'EMAIL_TOKEN_ERROR', 'USER_PROFILE_ERROR'])(
    '%s shows no notification',
    (code) => {
      expect(getErrorNotification({ err_code: code, err_msg: 'whatever' })).toBeNull();
    },
  );
});
