/** The part of mailparser's API the development catcher uses (mailparser ships no type declarations). */
declare module 'mailparser' {
  export interface EmailAddress {
    address?: string;
    name: string;
    group?: EmailAddress[];
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    bcc?: AddressObject | AddressObject[];
    date?: Date;
    messageId?: string;
    text?: string;
    html?: string | false;
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
