// Facts of the Fetch standard (and RFC 9110) that the transport's pieces share.

/** RFC 9110 token characters: what a field name or a method may be made of. */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Statuses whose responses have no body. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** Statuses fetch follows when they come with a location. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The Fetch standard's "bad ports": Node's fetch refuses them. */
export const BAD_PORTS: ReadonlySet<string> = new Set(
  '1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080'.split(
    ' ',
  ),
);
