// How many items a read of a whole partition asks for per page (a Query's `Limit`), for partitions that grow with
// the findings (a service's findings and assets, a tag's findings).
//
// DynamoDB stops a page at 1 MB read whatever the Limit, so on AWS a Limit of 1,000 costs at most a few more
// round trips (items of 1–2 KB fill 1 MB at 500–1,000). DynamoDB Local, without a Limit, reads all of the rest
// of the partition for every page and then cuts it at 1 MB, so walking a partition takes time quadratic in its
// size: 20,000 findings took 5.3 s without a Limit and 1.3 s with one; 40,000 took 2.9 s with 1,000 a page
// (measured with scripts on a stack of their own).
export const partitionPageItems = 1000;
